import { HOME_SECTIONS } from '#domain/content/home.ts';
import { BUSINESS } from '#domain/business.ts';
import type { Video } from '#domain/content/showcase.ts';
import { Island } from '../../islands/Island.tsx';
import { Section } from '../ui/Section.tsx';
import { VideoGrid, VideoList } from './VideoGrid.tsx';

/**
 * The business's videos (#videos) as click-to-load facades: nothing is fetched from the provider before a
 * click. Without videos in the business facts the section is left out. The business's own videos are an
 * island (VideoGrid); other videos (tests) render the same list directly.
 */
export function VideoShowcase({ videos = BUSINESS.videos }: { videos?: readonly Video[] }) {
  const { id, heading, lead } = HOME_SECTIONS.videos;
  if (videos.length === 0) return null;
  return (
    <Section id={id} eyebrow="Videos" title={heading} intro={lead}>
      {videos === BUSINESS.videos ? (
        <Island name="videos">
          <VideoGrid />
        </Island>
      ) : (
        <VideoList videos={videos} />
      )}
    </Section>
  );
}
