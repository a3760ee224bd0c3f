import { HOME_SECTIONS } from '#domain/content/home.ts';
import { GALLERY, GALLERY_EAGER_COUNT } from '#domain/content/showcase.ts';
import { Icon } from '../ui/Icon.tsx';
import { Section } from '../ui/Section.tsx';

/**
 * 'Recent Projects' (#gallery): six illustrated jobs. The first three load at once, the rest lazily; each
 * image has its width and height, so the page reserves the space and nothing jumps as they arrive.
 */
export function GallerySection() {
  const { id, heading, lead } = HOME_SECTIONS.gallery;
  return (
    <Section id={id} eyebrow="Our work" title={heading} intro={lead} tone="alt">
      <ul className="gallery-grid">
        {GALLERY.map((item, index) => (
          <li key={item.image}>
            <figure className="gallery-card">
              <img
                src={`/images/gallery/${item.image}.svg`}
                alt={item.alt}
                width={item.width}
                height={item.height}
                loading={index < GALLERY_EAGER_COUNT ? 'eager' : 'lazy'}
                decoding="async"
              />
              <figcaption>
                <h3>{item.title}</h3>
                <p className="gallery-card__town">
                  <Icon name="pin" size={16} />
                  {item.town}
                </p>
                <p>{item.description}</p>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
