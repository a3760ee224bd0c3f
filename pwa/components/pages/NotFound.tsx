import { Link } from '@tanstack/react-router';
import { BUSINESS } from '#domain/business.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { CallButton } from './Actions.tsx';
import { Hero } from '../ui/Hero.tsx';
import { Icon } from '../ui/Icon.tsx';
import type { AnyIcon } from '../ui/Icon.tsx';
import './pages.css';

type Way = {
  readonly to: '/' | '/faq' | '/emergency-electrician-ashford';
  readonly hash?: string;
  readonly icon: AnyIcon;
  readonly title: string;
  readonly text: string;
};

/** Where a lost visitor most likely wanted to go. */
const WAYS: readonly Way[] = [
  { to: '/', hash: 'services', icon: 'plug', title: 'Our services', text: 'Rewiring, consumer units, lighting, EICRs and more.' },
  { to: '/', hash: 'contact', icon: 'mail', title: 'Contact us', text: 'Ask for a free quote or send us a message.' },
  { to: '/faq', icon: 'chat', title: 'Questions and answers', text: 'Prices, certificates, guarantees and areas covered.' },
  { to: '/emergency-electrician-ashford', icon: 'siren', title: 'Emergency help', text: `Power off or something unsafe? We answer ${BUSINESS.emergency}.` },
];

/**
 * The 404 page's heading and text: the same words as `NOT_FOUND` in #domain/content/pages.ts (the 404 browser
 * test reads them from there and finds them on the page).
 * Not imported from there: this page is in the first download of every page (the root route shows it),
 * and that module brings every page's copy with it (its PAGE_META table), about 40 kB.
 */
const NOT_FOUND_TEXT = {
  heading: 'Page Not Found',
  text: 'Sorry, we can’t find that page. The link may be old, or the address may have a typo. Try one of these instead, or give us a call.',
} as const;

/** The 404 page (seed point 2), shown by the root route for any path the router does not know (the server answers those with 404). */
export function NotFound() {
  return (
    <div className="pg-page pg-compact pg-notfound">
      <Hero
        eyebrow="Error 404"
        title={NOT_FOUND_TEXT.heading}
        lead={NOT_FOUND_TEXT.text}
        actions={
          <>
            <ButtonLink to="/" variant="light" icon="home">
              Back to the home page
            </ButtonLink>
            <CallButton />
          </>
        }
      />
      <section className="section" aria-labelledby="notfound-ways">
        <div className="container">
          <h2 id="notfound-ways" className="pg-notfound__title">
            Where would you like to go?
          </h2>
          <ul className="grid pg-ways">
            {WAYS.map((way) => (
              <li key={way.title}>
                <Link to={way.to} {...(way.hash ? { hash: way.hash } : {})} className="card pg-way">
                  <span className="icon-badge">
                    <Icon name={way.icon} size={24} />
                  </span>
                  <span className="pg-way__title">{way.title}</span>
                  <span className="pg-way__text">{way.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>
    </div>
  );
}
