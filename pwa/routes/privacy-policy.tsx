import { createFileRoute } from '@tanstack/react-router';
import { PRIVACY_POLICY, PRIVACY_UPDATED } from '#domain/content/privacy.ts';
import { Linkified, longDate } from '../components/pages/text.tsx';
import { Hero } from '../components/ui/Hero.tsx';
import { Icon } from '../components/ui/Icon.tsx';
import { pageHead } from '../lib/head.ts';
import '../components/pages/pages.css';

export const Route = createFileRoute('/privacy-policy')({
  head: () => pageHead('/privacy-policy'),
  component: PrivacyPolicyPage,
});

/**
 * The privacy policy (seed point 2): the content module's sections with a numbered table of contents of
 * in-page links, sticky beside the text on wide screens. Email, phone and ICO addresses become links.
 */
function PrivacyPolicyPage() {
  const { heading, intro, sections } = PRIVACY_POLICY;
  return (
    <div className="pg-page pg-compact">
      <Hero eyebrow="Your data" title={heading} lead={intro}>
        <p className="pg-updated">
          Last updated <time dateTime={PRIVACY_UPDATED}>{longDate(PRIVACY_UPDATED)}</time>
        </p>
      </Hero>
      <div className="section">
        <div className="container pg-policy">
          <nav className="pg-toc" aria-labelledby="toc-title">
            <h2 id="toc-title" className="pg-toc__title">
              Contents
            </h2>
            <ol>
              {sections.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.heading}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="pg-prose">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="pg-prose__section">
                <h2 id={`${section.id}-title`}>
                  <span className="pg-prose__num">{index + 1}.</span> {section.heading}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph}>
                    <Linkified text={paragraph} />
                  </p>
                ))}
                {section.list ? (
                  <ul>
                    {section.list.map((item) => (
                      <li key={item}>
                        <Linkified text={item} />
                      </li>
                    ))}
                  </ul>
                ) : null}
                <a className="pg-prose__top" href="#toc-title">
                  <Icon name="arrow-up" size={16} />
                  Back to contents
                </a>
              </section>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
