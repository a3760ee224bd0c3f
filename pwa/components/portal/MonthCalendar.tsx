import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { addDays } from '#domain/days.ts';
import { dayForKey, sameDateIn, useDayFocus } from '../../lib/date-grid.ts';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const FULL = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/**
 * A month of days to pick one from (the quick-booking panel's calendar). A grid as WAI-ARIA's date picker
 * has it: one tab stop on the focused day, arrow keys by day and week, Page Up/Down by month, Home/End to the
 * week's ends; days outside `min`..`max` cannot be chosen, nor days `closed` names (a bank holiday, shaded): pressing
 * one says why under the month (`explain`), until another day is chosen or the month turned. Each day's button names
 * the whole date (and what closes it); today's is outlined (and is the current date to a screen reader) whether or not
 * it can be chosen. A day `marked` names (the customer's own booking then) has a dot, and its button says what it is.
 */
export function MonthCalendar({
  min,
  max,
  today,
  selected,
  onSelect,
  closed = () => null,
  explain,
  marked = () => null,
}: {
  min: string;
  max: string;
  today: string;
  selected: string | null;
  onSelect: (day: string) => void;
  closed?: (day: string) => string | null;
  explain?: (day: string, why: string) => ReactNode;
  marked?: (day: string) => string | null;
}) {
  // The tab stop starts on the first day that can be chosen: past a bank holiday (Christmas Day in the morning).
  let open = min;
  while (open < max && closed(open)) open = addDays(open, 1);
  const [chosen, setFocused] = useState(selected ?? open);
  // A day that can no longer be chosen (midday passed while the page was open: Quick booking's first day moved on).
  const focused = chosen < min ? open : chosen;
  const grid = useRef<HTMLTableElement>(null);
  const month = focused.slice(0, 7);
  const first = `${month}-01`;
  const lead = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const start = addDays(first, -lead);
  const weeks = Array.from({ length: 6 }, (_, w) => Array.from({ length: 7 }, (_, d) => addDays(start, w * 7 + d)));

  const moveTo = useDayFocus(grid);
  // The closed day last pressed, whose reason shows under the month until another month is shown (or a day chosen).
  const [pressed, setPressed] = useState<string | null>(null);
  if (pressed && !pressed.startsWith(month)) setPressed(null);
  const why = pressed ? closed(pressed) : null;
  const note = useRef<HTMLParagraphElement>(null);
  // Said where it can be seen: under the month, which can end at the bottom of a laptop's screen. The focus stays on the day.
  useEffect(() => {
    if (pressed) note.current?.scrollIntoView({ block: 'nearest' });
  }, [pressed]);

  const shiftMonth = (n: number) => sameDateIn(focused, n);
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const to = dayForKey(event, focused);
    if (!to) return;
    event.preventDefault();
    const clamped = to < min ? min : to > max ? max : to;
    moveTo(clamped);
    setFocused(clamped);
  };
  const canBack = first > min;
  const canForward = `${shiftMonth(1).slice(0, 7)}-01` <= max;

  return (
    <div className="month">
      <div className="month__head">
        {/* aria-disabled, not disabled: at the first (or last) month a disabled button dropped the focus that pressed
            it to the page's body. */}
        <button type="button" className="month__nav" aria-disabled={!canBack || undefined} onClick={() => canBack && setFocused(shiftMonth(-1) < min ? min : shiftMonth(-1))}>
          <span aria-hidden="true">‹</span>
          <span className="visually-hidden">Previous month</span>
        </button>
        <h3 id="month-title" aria-live="polite">
          {MONTH.format(new Date(`${first}T00:00:00Z`))}
        </h3>
        <button type="button" className="month__nav" aria-disabled={!canForward || undefined} onClick={() => canForward && setFocused(shiftMonth(1) > max ? max : shiftMonth(1))}>
          <span aria-hidden="true">›</span>
          <span className="visually-hidden">Next month</span>
        </button>
      </div>
      <table className="month__grid" role="grid" aria-labelledby="month-title" ref={grid}>
        <thead>
          <tr>
            {WEEKDAYS.map((day, i) => (
              <th key={day} scope="col" abbr={WEEKDAY_NAMES[i]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const outside = day.slice(0, 7) !== month;
                const disabled = day < min || day > max;
                const shut = disabled || outside ? null : closed(day);
                const mark = outside ? null : marked(day);
                return (
                  <td key={day} aria-selected={day === selected || undefined}>
                    {outside ? null : (
                      <button
                        type="button"
                        data-day={day}
                        className={`month__day${day === selected ? ' month__day--selected' : ''}${day === today ? ' month__day--today' : ''}${shut ? ' month__day--closed' : ''}`}
                        aria-current={day === today ? 'date' : undefined}
                        tabIndex={day === focused ? 0 : -1}
                        aria-disabled={disabled || Boolean(shut) || undefined}
                        aria-label={`${FULL.format(new Date(`${day}T00:00:00Z`))}${shut ? `, ${shut}` : ''}${mark ? `, ${mark}` : ''}`}
                        onClick={() => {
                          if (disabled) return;
                          setFocused(day);
                          setPressed(shut ? day : null);
                          if (!shut) onSelect(day);
                        }}
                        onKeyDown={onKey}
                      >
                        {Number(day.slice(8))}
                        {mark ? <span className="month__mark" aria-hidden="true" /> : null}
                      </button>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {explain ? (
        <p className="portal-muted month__closed" role="status" ref={note}>
          {pressed && why ? explain(pressed, why) : null}
        </p>
      ) : null}
    </div>
  );
}
