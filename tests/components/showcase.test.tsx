import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ReviewsSection } from '../../pwa/components/home/ReviewsSection.tsx';
import { VideoShowcase } from '../../pwa/components/home/VideoShowcase.tsx';

const review = { name: 'Ann', town: 'Ashford', rating: 5, service: 'EICR', quote: 'Clear report, tidy work.' } as const;

describe('the home page sections made from the business facts', () => {
  it('leaves the video section out when no videos are set', () => {
    expect(renderToStaticMarkup(<VideoShowcase videos={[]} />)).toBe('');
  });

  it('shows one click-to-load facade per video, loading nothing from YouTube before a click', () => {
    const html = renderToStaticMarkup(
      <VideoShowcase
        videos={[
          { title: 'What happens during an EICR', description: 'A walk through an inspection.', youtubeId: 'aBcD_eF-123' },
          { title: 'How to test your RCD', description: 'A one-minute check.', youtubeId: 'zYxW_vU-987' },
        ]}
      />,
    );
    expect(html.match(/Play video: /g)).toHaveLength(2);
    expect(html).toContain('id="videos"');
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('youtube');
    expect(html).not.toMatch(/coming soon/i);
  });

  it('fills the summary’s stars as far as the average goes, and says that average', () => {
    const html = renderToStaticMarkup(<ReviewsSection reviews={[review, { ...review, name: 'Bo', rating: 4 }]} sites={[]} />);
    // 4.5: four whole stars and half of the fifth, not five (which Math.round made it).
    const summary = html.slice(html.indexOf('reviews__summary'), html.indexOf('review-grid'));
    expect(summary).toContain('aria-label="Rated 4.5 out of 5"');
    expect(summary.match(/class="stars__on"/g)).toHaveLength(5);
    expect(summary).toMatch(/<rect width="12" height="24"/);
  });

  it('leaves the reviews section out when no reviews are set', () => {
    expect(renderToStaticMarkup(<ReviewsSection reviews={[]} sites={[{ name: 'Checkatrade', url: 'https://www.checkatrade.com/x' }]} />)).toBe('');
  });

  it('links the review sites that are set, and none when none are', () => {
    const withSites = renderToStaticMarkup(
      <ReviewsSection reviews={[review]} sites={[{ name: 'Checkatrade', url: 'https://www.checkatrade.com/trade/sparkright' }]} />,
    );
    const without = renderToStaticMarkup(<ReviewsSection reviews={[review]} sites={[]} />);

    expect(withSites).toContain('href="https://www.checkatrade.com/trade/sparkright"');
    expect(withSites).toContain('Read more on Checkatrade');
    expect(without).toContain('Clear report, tidy work.');
    expect(without).not.toContain('Read more on');
    expect(without).not.toContain('<a ');
  });
});
