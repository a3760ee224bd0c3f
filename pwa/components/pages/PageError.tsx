import { useEffect, useRef } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { CallButton } from './Actions.tsx';
import { Hero } from '../ui/Hero.tsx';
import './pages.css';

/**
 * Whether an error is a part of the app that did not download (a page's code-split chunk, on one bar of signal, or
 * gone since a new version was deployed): Chromium's and Firefox's "Failed to fetch dynamically imported module",
 * Safari's "Importing a module script failed", Vite's own "Unable to preload CSS".
 */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|module script failed|Unable to preload|error loading dynamically|Load failed/i.test(message);
}

/**
 * What a page shows when it fails (the router's error component for every route, under the site's header): the
 * router's own "Something went wrong! Show Error" was a dead end with the code's words in it. A page whose code did not
 * download (the signal, or a new version deployed meanwhile: the account just made was not lost, but the portal did not
 * come), or a page that failed some other way, offers to load it again (afresh: a new version's code, the signal back),
 * says that what was sent is safe (the outbox keeps it, drafts are kept across a reload), and offers the phone.
 */
export function PageError({ error }: { error: unknown }) {
  const page = useRef<HTMLDivElement>(null);
  const notLoaded = isLoadFailure(error);
  // Its title takes the focus, as a page's does when it opens (a screen reader starts there): it came in place of one.
  useEffect(() => {
    const title = page.current?.querySelector('h1');
    if (!title) return;
    title.tabIndex = -1;
    title.focus();
  }, []);
  return (
    <div ref={page} className="pg-page pg-compact pg-error">
      <Hero
        eyebrow={notLoaded ? 'Not loaded' : 'Something went wrong'}
        title={notLoaded ? 'This page did not load' : 'This page ran into a problem'}
        lead={
          notLoaded
            ? 'Part of it did not download: the signal may have dropped, or we have just updated the site. Anything you sent is safe. Try again when you have a signal.'
            : `Anything you sent is safe. Try again, and if it keeps happening, call us on ${BUSINESS.phone}.`
        }
        actions={
          <>
            <button type="button" className="btn btn--light" onClick={() => window.location.reload()}>
              Try again
            </button>
            <ButtonLink to="/" variant="light" icon="home">
              Back to the home page
            </ButtonLink>
            <CallButton />
          </>
        }
      />
    </div>
  );
}
