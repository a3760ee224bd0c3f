import { useEffect, useRef, useState } from 'react';

/** How many rows a long admin list (jobs, chats, contacts) shows at first, and how many more each "Show more" adds. */
export const PAGE = 30;

/**
 * A long list shown a page at a time, so a tablet holding years of work draws thirty rows, not two thousand. `shown` is
 * how many rows to draw (`setShown` to show enough to reach one row, as a toast's Open does); `more` shows the next
 * page and, once it is drawn, puts the focus on its first row (the element `focus` picks in the list's item), where a
 * keyboard or screen reader user reads on. Left on the button, the focus was thirty rows below what was new, or on the
 * page's body once the last page took the button away. `list` goes on the list (`ul`) the rows are items of. `from`
 * names what the rows are picked by (the search, the filters): when it changes, the list starts again at one page.
 */
export function usePages(focus: string, from: string) {
  const [shown, setShown] = useState(PAGE);
  // Another search or filter (`from`) starts again at the first page, as a new list: the rows shown for the last one
  // were all drawn again for it (on an old tablet, each key typed), with its Show more already pressed.
  const [pagesOf, setPagesOf] = useState(from);
  if (pagesOf !== from) {
    setPagesOf(from);
    setShown(PAGE);
  }
  const list = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null) return;
    firstNew.current = null;
    list.current?.children[index]?.querySelector<HTMLElement>(focus)?.focus();
  }, [shown, focus]);
  const more = () => {
    firstNew.current = shown;
    setShown(shown + PAGE);
  };
  return { shown, setShown, list, more };
}

/**
 * Back from a job's chat to a long list (the chat list, or the job list it was opened from), the focus returns to that
 * job's row: its button (`[data-chat-for]`, in the list `pages` draws) takes it, in the middle of the screen, as it was
 * before the chat opened. When the row is further down than is drawn (the chat was opened from a toast or its link, or
 * a reply moved it down the list), the pages up to it are drawn first; left undrawn, the focus fell to the page's body.
 * `id` is the chat's job (null: nothing to do); `done` once it is placed, or when the list does not hold it (a search or
 * filter hides it, or it is gone): then `fallback` takes the focus, where there is one.
 */
export function useBackToRow(
  id: string | null,
  rows: ReadonlyArray<{ id: string }> | undefined,
  pages: Pick<ReturnType<typeof usePages>, 'shown' | 'setShown' | 'list'>,
  done: () => void,
  fallback?: () => HTMLElement | null,
) {
  const { shown, setShown, list } = pages;
  useEffect(() => {
    if (id === null || rows === undefined) return;
    const index = rows.findIndex((row) => row.id === id);
    if (index >= shown) return setShown(Math.ceil((index + 1) / PAGE) * PAGE);
    const button = index < 0 ? null : (list.current?.querySelector<HTMLElement>(`[data-chat-for="${CSS.escape(id)}"]`) ?? null);
    const target = button ?? fallback?.() ?? null;
    if (target) {
      // At once, not by the page's smooth scrolling (from a long list's end that took over a second).
      target.focus({ preventScroll: true });
      target.scrollIntoView({ block: 'center', behavior: 'instant' });
      showHeadingToo(target);
    }
    done();
  }, [id, rows, shown, setShown, list, done, fallback]);
}

/** Where the page's scrolling puts the top of what it brings into view: under the header and the sticky tabs (styles.css). */
export function clearOfTabs(): number {
  return parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
}

/**
 * After a row is brought to the middle of the screen: where the row and the heading of its list both fit under the
 * sticky header and tabs, the heading shows too. Back from a chat to a short list left the list's heading under the
 * tabs, the page looking scrolled for no reason.
 */
function showHeadingToo(row: HTMLElement): void {
  const section = row.closest('.admin-section');
  if (!section) return;
  const clear = clearOfTabs();
  const top = section.getBoundingClientRect().top;
  const bottom = row.getBoundingClientRect().bottom;
  if (top < clear && bottom - top <= window.innerHeight - clear) window.scrollBy({ top: top - clear, behavior: 'instant' });
}

/** "Show more" under a list of `total` rows of which `shown` are drawn: nothing once all are. */
export function ShowMore({ total, shown, onMore }: { total: number; shown: number; onMore: () => void }) {
  if (total <= shown) return null;
  return (
    <button type="button" className="btn btn--secondary admin-btn admin-more" onClick={onMore}>
      {moreLabel(total - shown)}
    </button>
  );
}

/** What "Show more" adds, and how many are left: 'Show 30 more (293 left)', or 'Show the last 12'. */
function moreLabel(left: number): string {
  if (left > PAGE) return `Show ${PAGE} more (${left} left)`;
  return left === 1 ? 'Show the last one' : `Show the last ${left}`;
}
