import { useEffect, useRef, useState } from 'react';

/** How many rows a long admin list (jobs, chats, contacts) shows at first, and how many more each "Show more" adds. */
export const PAGE = 30;

/**
 * A long list shown a page at a time, so a tablet holding years of work draws thirty rows, not two thousand. `shown` is
 * how many rows to draw (`setShown` to show enough to reach one row, as a toast's Open does); `more` shows the next
 * page and, once it is drawn, puts the focus on its first row (the element `focus` picks in the list's item), where a
 * keyboard or screen reader user reads on. Left on the button, the focus was thirty rows below what was new, or on the
 * page's body once the last page took the button away. `list` goes on the list (`ul`) the rows are items of.
 */
export function usePages(focus: string) {
  const [shown, setShown] = useState(PAGE);
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
