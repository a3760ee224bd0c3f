import { memo, useState } from 'react';
import type { QuoteView } from '#domain/views.ts';
import type { ShownBooking } from '../../../offline/use-mirror.ts';
import { Icon } from '../../ui/Icon.tsx';
import { ManualBookingForm } from '../bookings/ManualBookingForm.tsx';
import { monthLabel, useToday } from '../format.ts';
import type { AdminSearch } from '../search.ts';
import { PrintButton } from '../parts.tsx';
import { DayPanel } from './DayPanel.tsx';
import { Exports } from './Exports.tsx';
import { FeedPanel } from './FeedPanel.tsx';
import { MonthGrid, StatusKey } from './MonthGrid.tsx';
import { shiftMonth } from './month.ts';

/**
 * Calendar (Cal on small screens): the month with each day's jobs, the chosen day's panel with Add Job for that
 * date, the CSV exports and the calendar subscription. The month and day are in the URL.
 * Memoised: a pull that brings nothing for it does not draw it again.
 */
export const CalendarTab = memo(function CalendarTab({
  bookings,
  quotes,
  month,
  day,
  go,
}: {
  bookings: ShownBooking[] | undefined;
  /** For the exports' prices of jobs made from quotes. */
  quotes: readonly QuoteView[] | undefined;
  month: string | undefined;
  day: string | undefined;
  go: (search: AdminSearch) => void;
}) {
  const today = useToday();
  const shown = month ?? (day ? day.slice(0, 7) : today.slice(0, 7));
  const selected = day ?? (shown === today.slice(0, 7) ? today : undefined);
  const [adding, setAdding] = useState<string | null>(null);
  // Where the focus goes in the day's panel: its heading once a day is picked, Add Job back from the form it opened;
  // nowhere when the month turns (the focus stays on the button or the day that turned it).
  const [focus, setFocus] = useState<'heading' | 'add' | null>(null);
  const byMonth = (next: string) => {
    setFocus(null);
    go({ tab: 'calendar', month: next });
  };
  // The month's marks and Add Job work from what is there; the day's panel and the exports say when nothing is yet.
  const jobs = bookings ?? [];

  if (adding) {
    return (
      <ManualBookingForm
        bookings={jobs}
        date={adding}
        onDone={() => {
          setAdding(null);
          setFocus('add');
        }}
      />
    );
  }
  return (
    <div className="admin-section">
      <div className="admin-toolbar">
        <h2 className="admin-section__title">Calendar</h2>
        <div className="admin-monthnav">
          <button type="button" className="btn btn--secondary admin-btn admin-btn--icon" onClick={() => byMonth(shiftMonth(shown, -1))}>
            <Icon name="arrow-right" size={18} className="admin-flip" />
            <span className="visually-hidden">Previous month</span>
          </button>
          <p className="admin-monthnav__label" aria-live="polite">
            {monthLabel(shown)}
          </p>
          <button type="button" className="btn btn--secondary admin-btn admin-btn--icon" onClick={() => byMonth(shiftMonth(shown, 1))}>
            <Icon name="arrow-right" size={18} />
            <span className="visually-hidden">Next month</span>
          </button>
          <button type="button" className="btn btn--secondary admin-btn" onClick={() => go({ tab: 'calendar', day: today })}>
            Today
          </button>
          <PrintButton what="the month and the day chosen" />
        </div>
      </div>
      <div className="admin-calendar">
        <div className="admin-calendar__month">
          <MonthGrid
            month={shown}
            bookings={jobs}
            selected={selected}
            today={today}
            onPick={(next) => {
              setFocus('heading');
              go({ tab: 'calendar', month: next.slice(0, 7), day: next });
            }}
            onMonth={byMonth}
          />
          <StatusKey />
        </div>
        {selected ? <DayPanel day={selected} bookings={bookings} onAdd={() => setAdding(selected)} go={go} focus={focus} /> : <p className="admin-muted">Choose a day to see its jobs.</p>}
      </div>
      <div className="admin-calendar__tools">
        <Exports bookings={bookings} quotes={quotes ?? []} />
        <FeedPanel />
      </div>
    </div>
  );
});
