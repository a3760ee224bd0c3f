import { useState } from 'react';
import { BUSINESS } from '#domain/business.ts';
import type { GalleryImage, Video } from '#domain/content/showcase.ts';
import { Icon } from '../ui/Icon.tsx';
import type { AnyIcon } from '../ui/Icon.tsx';

/** The business's videos as an island of the home page (pwa/islands/): the list of facades, nothing else. */
export function VideoGrid() {
  return <VideoList videos={BUSINESS.videos} />;
}

/** The videos as click-to-load facades, one poster each. */
export function VideoList({ videos }: { videos: readonly Video[] }) {
  return (
    <ul className="video-grid">
      {videos.map((video, index) => (
        <li key={video.title}>
          <VideoFacade video={video} poster={POSTERS[index % POSTERS.length] ?? POSTERS[0]!} />
        </li>
      ))}
    </ul>
  );
}

/** A poster per video, in content order (EICR, consumer unit, rewiring, RCD test): a project illustration and an icon. */
const POSTERS: ReadonlyArray<{ image: GalleryImage; motif: AnyIcon; closeUp?: boolean }> = [
  { image: 'commercial-board', motif: 'clipboard' },
  { image: 'consumer-unit', motif: 'fusebox' },
  { image: 'rewire', motif: 'cable' },
  { image: 'consumer-unit', motif: 'shield', closeUp: true },
];

/**
 * A poster with the title and a play button; pressing play swaps in the privacy-enhanced player
 * (youtube-nocookie.com, allowed by the page's frame-src).
 */
function VideoFacade({ video, poster }: { video: Video; poster: (typeof POSTERS)[number] }) {
  const [playing, setPlaying] = useState(false);
  return (
    <article className="video-card">
      <div className="video-card__frame">
        {playing ? (
          <iframe
            src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(video.youtubeId)}?autoplay=1`}
            title={video.title}
            width={640}
            height={360}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="video-card__poster">
            <img
              className={`video-card__image${poster.closeUp ? ' video-card__image--close' : ''}`}
              src={`/images/gallery/${poster.image}.svg`}
              alt=""
              width={1200}
              height={800}
              loading="lazy"
              decoding="async"
            />
            <span className="video-card__motif" aria-hidden="true">
              <Icon name={poster.motif} size={22} />
            </span>
            <button type="button" className="video-card__play" onClick={() => setPlaying(true)}>
              <Icon name="play" size={30} />
              <span className="visually-hidden">Play video: {video.title} (loads from YouTube)</span>
            </button>
          </div>
        )}
      </div>
      <h3>{video.title}</h3>
      <p>{video.description}</p>
    </article>
  );
}
