import { useId } from 'react';
import { HOME_SECTIONS } from '#domain/content/home.ts';
import { BUSINESS } from '#domain/business.ts';
import { averageRating } from '#domain/content/showcase.ts';
import type { Review, ReviewSite } from '#domain/content/showcase.ts';
import { NEW_TAB } from '../../lib/links.ts';
import { Icon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';

/**
 * Customers' words (#reviews) with their stars, the average, and links to the review sites, from the
 * business facts. Without reviews the section is left out; without review sites, so are their links.
 */
export function ReviewsSection({
  reviews = BUSINESS.reviews,
  sites = BUSINESS.links.reviewSites,
}: {
  reviews?: readonly Review[];
  sites?: readonly ReviewSite[];
}) {
  const { id, heading, lead } = HOME_SECTIONS.reviews;
  if (reviews.length === 0) return null;
  const average = averageRating(reviews);
  return (
    <Section id={id} eyebrow="Reviews" title={heading} intro={lead} tone="dark">
      <div className="reviews__summary">
        <Stars rating={Math.round(average * 10) / 10} size={26} />
        <p>
          <strong>{average.toFixed(1)} out of 5</strong> from the reviews below
        </p>
        {sites.length > 0 ? (
          <ul className="reviews__sites">
            {sites.map((site) => (
              <li key={site.name}>
                <a className="btn btn--light btn--small" href={site.url} {...NEW_TAB}>
                  Read more on {site.name}
                  <Icon name="external" size={16} />
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <ul className="review-grid">
        {reviews.map((review) => (
          <li key={review.name + review.town}>
            <figure className="review-card">
              <Stars rating={review.rating} size={18} />
              <blockquote>
                <p>{review.quote}</p>
              </blockquote>
              <figcaption>
                <span className="review-card__avatar" aria-hidden="true">
                  {review.name.slice(0, 1)}
                </span>
                <span>
                  <strong>{review.name}</strong>, {review.town}
                  <span className="review-card__service">{review.service}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * Five stars, filled as far as `rating` goes (4.8: four and most of the fifth, which a whole fifth overstated beside the
 * words "4.8 out of 5"), in one small drawing; read out as "Rated n out of 5".
 */
function Stars({ rating, size }: { rating: number; size: number }) {
  const id = useId().replace(/[^\w-]/g, '');
  return (
    <svg className="stars" width={size * 5} height={size} viewBox="0 0 120 24" role="img" aria-label={`Rated ${rating} out of 5`} focusable="false">
      {[0, 1, 2, 3, 4].map((n) => {
        const part = Math.min(Math.max(rating - n, 0), 1);
        if (part === 0 || part === 1) return <path key={n} transform={`translate(${n * 24} 0)`} className={part === 1 ? 'stars__on' : 'stars__off'} d={STAR} />;
        return (
          <g key={n} transform={`translate(${n * 24} 0)`}>
            <clipPath id={`${id}-part`}>
              <rect width={24 * part} height="24" />
            </clipPath>
            <path className="stars__off" d={STAR} />
            <path className="stars__on" d={STAR} clipPath={`url(#${id}-part)`} />
          </g>
        );
      })}
    </svg>
  );
}

const STAR = 'M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9L12 2.5z';
