import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { followHeight } from '../../lib/height-var.ts';

/**
 * The portal's Sign in, kept within reach once the header's has gone out of view (a phone scrolled far down a long
 * booking form, where the sign-in ended unseen): a bar under the site's sticky header saying so, with a Sign in that
 * opens the same dialog. Only while the header's button (`anchor`) is off the screen, so the two never show together,
 * and while the focus is in it (closing the dialog brings it back there). What a focus or a scroll brings into view,
 * and the toasts, stay clear of it (`--sticky-below`, styles.css).
 */
export function SignInEndedBar({ anchor, onSignIn }: { anchor: RefObject<HTMLElement | null>; onSignIn: () => void }) {
  const { out, scrolled } = useOutOfView(anchor);
  const [focused, setFocused] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const shown = out || focused;
  useLayoutEffect(() => {
    if (!shown || !bar.current) return undefined;
    const stop = followHeight(bar.current, '--sticky-below');
    // Come as the sign-in ended, not with a scroll: the field being typed in, should the bar cover it, moves clear.
    if (!scrolled.current) uncover(bar.current);
    return stop;
  }, [shown, scrolled]);
  if (!shown) return null;
  return (
    <div
      ref={bar}
      className="portal-ended-bar"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="container portal-ended-bar__inner">
        <p className="portal-ended-bar__text">
          <strong>Your sign-in has ended.</strong>
        </p>
        <button type="button" className="btn btn--primary portal-ended-bar__button" aria-haspopup="dialog" onClick={onSignIn}>
          Sign in
        </button>
      </div>
    </div>
  );
}

/**
 * Whether the element is out of view: above the screen, or under the site's sticky header. Follows scrolling;
 * `scrolled` says whether the page has been scrolled since.
 */
function useOutOfView(anchor: RefObject<HTMLElement | null>): { out: boolean; scrolled: RefObject<boolean> } {
  const [out, setOut] = useState(false);
  const scrolled = useRef(false);
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      const element = anchor.current;
      const header = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
      setOut(element !== null && element.getBoundingClientRect().top < header);
    };
    const soon = () => {
      scrolled.current = true;
      frame ||= requestAnimationFrame(check);
    };
    check();
    window.addEventListener('scroll', soon, { passive: true });
    window.addEventListener('resize', soon);
    return () => {
      window.removeEventListener('scroll', soon);
      window.removeEventListener('resize', soon);
      cancelAnimationFrame(frame);
    };
  }, [anchor]);
  return { out, scrolled };
}

/** Scrolls the focused element clear of the bar when the bar now covers it (scroll-padding counts the bar). */
function uncover(bar: HTMLElement): void {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || bar.contains(active)) return;
  const box = active.getBoundingClientRect();
  const covered = bar.getBoundingClientRect();
  if (box.top < covered.bottom && box.bottom > covered.top) active.scrollIntoView({ block: 'nearest' });
}

