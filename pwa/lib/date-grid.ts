import { useEffect, useRef } from 'react';

/**
 * The keys of a month grid of day buttons, as WAI-ARIA's date picker dialog has them: the day a key moves the focus to
 * from `day` (yyyy-MM-dd), or null for a key (or a key with Alt, Ctrl or Cmd) the grid leaves alone. Arrows by day and week, Home/End to the week's
 * Monday and Sunday, Page Up/Down by month (the same date, or the month's last day when it is shorter: 31 January to
 * 28 February). Enter and Space are the button's own. Shared by the customer's Quick booking and the admin's calendar,
 * so both grids answer the same keys the same way.
 */
export function dayForKey({ key, altKey, ctrlKey, metaKey }: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>, day: string): string | null {
  // Alt+Left is the browser's Back, Ctrl+Home the page's top: not the grid's.
  if (altKey || ctrlKey || metaKey) return null;
  const weekday = (utc(day).getUTCDay() + 6) % 7;
  switch (key) {
    case 'ArrowLeft':
      return plusDays(day, -1);
    case 'ArrowRight':
      return plusDays(day, 1);
    case 'ArrowUp':
      return plusDays(day, -7);
    case 'ArrowDown':
      return plusDays(day, 7);
    case 'Home':
      return plusDays(day, -weekday);
    case 'End':
      return plusDays(day, 6 - weekday);
    case 'PageUp':
      return sameDateIn(day, -1);
    case 'PageDown':
      return sameDateIn(day, 1);
    default:
      return null;
  }
}

/**
 * Roving focus for a grid whose day buttons carry `data-day` and tabindex 0 on the one tab stop: `moveTo(day)` marks the
 * day to focus, and once a render has made that day's button the tab stop (at once, or after its month has been drawn),
 * the focus goes there. Only a key press moves the focus: a click, or the month changed by a button, does not.
 */
export function useDayFocus(grid: { readonly current: HTMLElement | null }): (day: string) => void {
  const pending = useRef<string | null>(null);
  // After every render: the month a key moved to may come a render or two later (the admin's is in the URL).
  useEffect(() => {
    if (!pending.current) return;
    const button = grid.current?.querySelector<HTMLElement>(`[data-day="${pending.current}"][tabindex="0"]`);
    if (!button) return;
    pending.current = null;
    button.focus();
  });
  return (day: string) => {
    pending.current = day;
  };
}

/** The same date `months` months on (back, when negative), or that month's last day when it is shorter. */
export function sameDateIn(day: string, months: number): string {
  const date = utc(day);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), last));
  return target.toISOString().slice(0, 10);
}

function utc(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function plusDays(day: string, n: number): string {
  const date = utc(day);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}
