import { describe, expect, it } from 'vitest';
import type { BookingView } from '#domain/views.ts';
import { googleCalendarUrl } from '../../pwa/components/admin/bookings/google-calendar.ts';

const job = (over: Partial<BookingView>): BookingView =>
  ({
    id: '01a21ff6-cd68-727a-ad9e-457743b026cb',
    firstName: 'Gina',
    lastName: 'Calendar',
    serviceType: 'rewiring',
    status: 'confirmed',
    startDate: '2026-06-10',
    finishDate: '2026-06-10',
    startTime: '09:00',
    finishTime: '17:00',
    ...over,
  }) as BookingView;
const params = (url: string | null) => Object.fromEntries(new URL(url!).searchParams);

describe('Add to Google Calendar', () => {
  it('gives a job of several days its hours on each day, repeating daily, as the calendar feed does', () => {
    expect(params(googleCalendarUrl(job({ finishDate: '2026-06-12' })))).toMatchObject({ dates: '20260610T090000/20260610T170000', recur: 'RRULE:FREQ=DAILY;COUNT=3' });
  });

  it('keeps a one-day job, night work across midnight and a job without hours as one event', () => {
    expect(params(googleCalendarUrl(job({})))).not.toHaveProperty('recur');
    expect(params(googleCalendarUrl(job({ finishDate: '2026-06-11', startTime: '22:00', finishTime: '06:00' })))).toMatchObject({ dates: '20260610T220000/20260611T060000' });
    expect(params(googleCalendarUrl(job({ finishDate: '2026-06-12', startTime: null, finishTime: null })))).toMatchObject({ dates: '20260610/20260613' });
  });
});
