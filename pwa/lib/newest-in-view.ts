import { useCallback, useRef } from 'react';

/**
 * A chat's log that scrolls by itself: it opens on the newest message, and stays on the newest while it is read there
 * (a message arriving, one sent, a file's link appearing, the reply box growing or the screen getting shorter for
 * the keyboard keep the bottom in view). Scrolled up to read older messages, it is left where it is: nothing arriving
 * moves what is being read. Sending (`toNewest`) goes back to the newest, where the message sent appears.
 * `ref` goes on the scrolling element (a callback ref: the log may be drawn only once the messages have loaded).
 */
export function useNewestInView(): { ref: (log: HTMLElement | null) => (() => void) | undefined; toNewest: () => void } {
  // At the newest (or near it: a few pixels short of the end still counts), as the last scroll left it.
  const atNewest = useRef(true);
  const node = useRef<HTMLElement | null>(null);
  const ref = useCallback((log: HTMLElement | null) => {
    if (!log) return undefined;
    node.current = log;
    // Where this hook last put it: the scroll that follows is its own, not the reader's (and the log may have got
    // shorter since, which is no reason to stop following the newest).
    let placed = -1;
    const toEnd = () => {
      log.scrollTop = log.scrollHeight;
      placed = log.scrollTop;
    };
    const onScroll = () => {
      if (log.scrollTop === placed) return;
      atNewest.current = log.scrollHeight - log.scrollTop - log.clientHeight <= NEAR_END_PX;
    };
    // The log's own size (the box under it grew, the keyboard came) and its content's (a message came or changed).
    const sizes = new ResizeObserver(() => {
      if (atNewest.current) toEnd();
    });
    sizes.observe(log);
    for (const child of Array.from(log.children)) sizes.observe(child);
    log.addEventListener('scroll', onScroll, { passive: true });
    toEnd();
    return () => {
      sizes.disconnect();
      log.removeEventListener('scroll', onScroll);
      if (node.current === log) node.current = null;
    };
  }, []);
  const toNewest = useCallback(() => {
    atNewest.current = true;
    if (node.current) node.current.scrollTop = node.current.scrollHeight;
  }, []);
  return { ref, toNewest };
}

/** How far from the end a log still counts as showing the newest message (a finger's nudge, rounding). */
const NEAR_END_PX = 32;
