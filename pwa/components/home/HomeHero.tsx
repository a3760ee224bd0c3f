import { BADGES, HOME_HERO, HOME_SECTIONS } from '#domain/content/home.ts';
import { whatsappHref } from '#domain/content/shared.ts';
import { TEL_HREF } from '#domain/content/shared.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';

/** The top of the home page (#home): the page's h1, the three calls to action and the trust badges. */
export function HomeHero() {
  const { id, heading } = HOME_SECTIONS.hero;
  return (
    <>
      <section id={id} className="hero home-hero" aria-labelledby="home-title">
        <div className="container hero__inner">
          <div className="hero__text">
            <span className="eyebrow hero__eyebrow">{HOME_HERO.eyebrow}</span>
            <h1 id="home-title">{heading}</h1>
            <p className="hero__lead">{HOME_HERO.lead}</p>
            <ul className="home-hero__highlights">
              {HOME_HERO.highlights.map((item) => (
                <li key={item}>
                  <Icon name="check" size={18} />
                  {item}
                </li>
              ))}
            </ul>
            <div className="btn-row">
              <ButtonLink to="/" hash="contact" icon="arrow-right">
                {HOME_HERO.quoteLabel}
              </ButtonLink>
              <ButtonLink href={TEL_HREF} variant="light" icon="phone">
                {HOME_HERO.callLabel}
              </ButtonLink>
              <ButtonLink href={whatsappHref()} newTab variant="whatsapp" icon="whatsapp">
                WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
              </ButtonLink>
            </div>
          </div>
          <div className="hero__aside">
            <img src="/images/hero-van.svg" width={560} height={440} alt="" fetchPriority="high" decoding="async" />
          </div>
        </div>
      </section>
      <section className="trust-bar" aria-label="Why choose us">
        <ul className="container trust-bar__list">
          {BADGES.map((badge) => (
            <li key={badge.key} className="trust-bar__item">
              <span className="trust-bar__icon">
                <Icon name={badge.icon} size={22} />
              </span>
              <span>
                <strong>{badge.title}</strong>
                <span className="trust-bar__text">{badge.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
