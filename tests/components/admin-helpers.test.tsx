import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { MessageView } from '#domain/views.ts';
import { googleCalendarUrl } from '../../pwa/components/admin/bookings/google-calendar.ts';
import { byJobDay } from '../../pwa/components/admin/bookings/order.ts';
import { clashingJobs, jobsInTheWay } from '../../pwa/components/admin/bookings/problems.ts';
import { bookingsFor, toCsv } from '../../pwa/components/admin/calendar/csv.ts';
import { jobsByDay, monthDays, shiftMonth } from '../../pwa/components/admin/calendar/month.ts';
import { countJobs } from '../../pwa/components/admin/Counters.tsx';
import { pounds } from '../../pwa/components/admin/format.ts';
import { threadsOf } from '../../pwa/offline/admin-data.ts';
import type { Shown } from '../../pwa/offline/use-mirror.ts';
import { aJob } from './a-job.ts';

const job = aJob;

describe('the month view', () => {
  it('shows whole weeks, Monday first, from the week of the 1st to the week of the last day', () => {
    const days = monthDays('2026-12');
    expect(days[0]).toBe('2026-11-30');
    expect(days.at(-1)).toBe('2027-01-03');
    expect(days.length % 7).toBe(0);
    expect(monthDays('2027-02')).toHaveLength(28);
    expect([shiftMonth('2026-12', 1), shiftMonth('2026-01', -1)]).toEqual(['2027-01', '2025-12']);
  });

  it('puts a job on every day from its start to its finish, earliest start time first', () => {
    const long = job({ firstName: 'Long', startDate: '2026-12-02', finishDate: '2026-12-04', startTime: '10:00' });
    const early = job({ firstName: 'Early', startTime: '08:00' });
    const byDay = jobsByDay([long, early], monthDays('2026-12'));
    expect(byDay.get('2026-12-01')).toEqual([]);
    expect(byDay.get('2026-12-03')?.map((b) => b.firstName)).toEqual(['Early', 'Long']);
    expect(byDay.get('2026-12-04')?.map((b) => b.firstName)).toEqual(['Long']);
  });
});

describe('Google Calendar links', () => {
  it('carry UK wall-clock times with the London zone, or an all-day event whose end day is exclusive', () => {
    const timed = new URL(googleCalendarUrl(job({ startTime: '08:30', finishTime: '12:00', address: '1 High St' }))!);
    expect(timed.searchParams.get('dates')).toBe('20261203T083000/20261203T120000');
    expect(timed.searchParams.get('ctz')).toBe('Europe/London');
    expect(timed.searchParams.get('location')).toBe('1 High St');
    const allDay = new URL(googleCalendarUrl(job({ finishDate: '2026-12-31' }))!);
    expect(allDay.searchParams.get('dates')).toBe('20261203/20270101');
    expect(googleCalendarUrl(job({ startDate: null, finishDate: null }))).toBeNull();
  });
});

describe('the exports', () => {
  const today = '2026-12-03';
  const jobs = [
    job({ firstName: 'Today', status: 'confirmed' }),
    job({ firstName: 'Spans', startDate: '2026-12-01', finishDate: '2026-12-05', status: 'in_progress' }),
    job({ firstName: 'Later', startDate: '2026-12-10', finishDate: '2026-12-10' }),
    job({ firstName: 'Called off', startDate: '2026-12-11', finishDate: '2026-12-11', status: 'cancelled' }),
  ];

  it("hold today's jobs, the pending ones, and the upcoming ones (not cancelled, from today on), soonest first", () => {
    const names = (kind: Parameters<typeof bookingsFor>[0]) => bookingsFor(kind, jobs, today).map((b) => b.firstName);
    expect(names('today')).toEqual(['Today', 'Spans']);
    expect(names('pending')).toEqual(['Later']);
    expect(names('upcoming')).toEqual(['Spans', 'Today', 'Later']);
    expect(names('all')).toHaveLength(4);
  });

  it('write a BOM, neutralise a formula even across a line break, and keep £ and accents', () => {
    const csv = toCsv([job({ firstName: '=1+2\n=3', lastName: 'Brontë', description: '£5', phone: '@SUM(A1)' })]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [header, row] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    const cell = (name: string) => row![header!.indexOf(name)];
    expect([cell('First name'), cell('Last name'), cell('Details'), cell('Phone')]).toEqual(["'=1+2\n=3", 'Brontë', '£5', "'@SUM(A1)"]);
  });
});

describe('the job list by job date', () => {
  it("puts the work still to do from today on first, soonest first, then undated, then the rest, the latest first", () => {
    const jobs = [
      job({ firstName: 'past-old', startDate: '2026-10-01', finishDate: '2026-10-01' }),
      job({ firstName: 'later', startDate: '2026-12-20', finishDate: '2026-12-20' }),
      job({ firstName: 'undated-1', startDate: null, finishDate: null, preferredDate: null }),
      job({ firstName: 'today-pm', startDate: '2026-11-25', finishDate: '2026-11-25', startTime: '13:00' }),
      job({ firstName: 'asked-for', startDate: null, finishDate: null, preferredDate: '2026-12-01' }),
      job({ firstName: 'past-recent', startDate: '2026-11-24', finishDate: '2026-11-24' }),
      job({ firstName: 'running', startDate: '2026-11-23', finishDate: '2026-11-27', status: 'in_progress' }),
      job({ firstName: 'today-am', startDate: '2026-11-25', finishDate: '2026-11-25', startTime: '08:30' }),
      job({ firstName: 'undated-2', startDate: null, finishDate: null, preferredDate: null }),
      job({ firstName: 'called-off', startDate: '2026-11-30', finishDate: '2026-11-30', status: 'cancelled' }),
      job({ firstName: 'done-early', startDate: '2026-11-26', finishDate: '2026-11-26', status: 'completed' }),
    ];
    expect(byJobDay(jobs, '2026-11-25').map((j) => j.firstName)).toEqual([
      'running',
      'today-am',
      'today-pm',
      'asked-for',
      'later',
      'undated-1',
      'undated-2',
      'called-off',
      'done-early',
      'past-recent',
      'past-old',
    ]);
    expect(jobs[0]!.firstName).toBe('past-old');
  });
});

describe('the counters, threads, clashes and amounts', () => {
  it('count a missing or hyphenated status as the seed reads it', () => {
    expect(countJobs([{ status: '' }, { status: 'in-progress' }, { status: 'completed' }])).toMatchObject({ total: 3, pending: 1, in_progress: 1, completed: 1 });
  });

  it("mark a job's chat unanswered when its latest message is the customer's", () => {
    const m = (bookingId: string, isFromAdmin: boolean, at: string): MessageView => ({ id: at, bookingId, senderId: null, senderName: 'x', content: 'x', attachments: null, isFromAdmin, createdAt: at });
    const threads = threadsOf([m('a', false, '1'), m('a', true, '2'), m('b', true, '3'), m('b', false, '4')]);
    expect([threads.get('a'), threads.get('b')]).toEqual([
      { count: 2, unanswered: false, noReplyNeeded: false, latestAt: '2', latest: 'x', latestFromAdmin: true },
      { count: 2, unanswered: true, noReplyNeeded: false, latestAt: '4', latest: 'x', latestFromAdmin: false },
    ]);
  });

  it("count a chat as waiting no more once its customer's latest message is marked as needing no reply, and again once they write", () => {
    const m = (bookingId: string, isFromAdmin: boolean, at: string): MessageView => ({ id: at, bookingId, senderId: null, senderName: 'x', content: 'x', attachments: null, isFromAdmin, createdAt: at });
    const marks = new Map([['a', { noReplyNeededFor: '2' }]]);
    expect(threadsOf([m('a', true, '1'), m('a', false, '2')], marks).get('a')).toEqual({ count: 2, unanswered: false, noReplyNeeded: true, latestAt: '2', latest: 'x', latestFromAdmin: false });
    expect(threadsOf([m('a', true, '1'), m('a', false, '2'), m('a', false, '3')], marks).get('a')).toMatchObject({ unanswered: true, noReplyNeeded: false });
    // A mark on another chat, or on the business's own message, changes nothing.
    expect(threadsOf([m('b', false, '2')], marks).get('b')).toMatchObject({ unanswered: true, noReplyNeeded: false });
    expect(threadsOf([m('a', true, '2')], marks).get('a')).toMatchObject({ unanswered: false, noReplyNeeded: false });
  });

  it('leave a reply the server refused out: it neither counts nor answers the customer', () => {
    const m = (isFromAdmin: boolean, at: string, waiting?: Shown<MessageView>['waiting']): Shown<MessageView> => ({ id: at, bookingId: 'a', senderId: null, senderName: 'x', content: at, attachments: null, isFromAdmin, createdAt: at, ...(waiting ? { waiting } : {}) });
    const refused = { state: 'failed' as const, message: 'That file type is not allowed' };
    expect(threadsOf([m(false, '1'), m(true, '2', refused)]).get('a')).toEqual({ count: 1, unanswered: true, noReplyNeeded: false, latestAt: '1', latest: '1', latestFromAdmin: false });
    // One still on its way is the business's answer (it is sent by itself once there is signal).
    expect(threadsOf([m(false, '1'), m(true, '2', { state: 'waiting', message: null })]).get('a')).toMatchObject({ count: 2, unanswered: false });
  });

  it('find a clash only when the job would hold a slot another confirmed or running job holds', () => {
    const held = job({ status: 'confirmed', startTime: '09:00', finishTime: '12:00' });
    const pendingNeighbour = job({ status: 'pending', startTime: '10:00', finishTime: '11:00' });
    expect(clashingJobs({ ...pendingNeighbour, status: 'confirmed' }, [held, pendingNeighbour])).toEqual([held]);
    expect(clashingJobs(pendingNeighbour, [held, pendingNeighbour])).toEqual([]);
    expect(clashingJobs({ ...pendingNeighbour, status: 'confirmed', startTime: '12:00', finishTime: '13:00' }, [held])).toEqual([]);
  });

  it('name the jobs a double booking the server refused is with once the copy has them, none before', () => {
    const dora = job({ status: 'pending', startTime: '10:00', finishTime: '14:00' });
    // Refused at once (online): the server found the clash; the device's copy had no job in the way.
    const problem = { type: 'clash', wanted: 'confirmed', others: [], made: dora } as const;
    expect(jobsInTheWay(problem, dora, [dora])).toEqual([]);
    const olive = job({ status: 'confirmed', startTime: '09:00', finishTime: '12:00' });
    expect(jobsInTheWay(problem, dora, [dora, olive])).toEqual([olive]);
    // A warning given before anything was sent keeps the jobs it named, should they leave the way meanwhile.
    expect(jobsInTheWay({ ...problem, others: [olive] }, dora, [dora, { ...olive, status: 'cancelled' }])).toEqual([olive]);
  });

  it('show pounds with two decimals, also as typed in a queued edit', () => {
    expect([pounds('450'), pounds('£1,250.5'), pounds(null)]).toEqual(['£450.00', '£1,250.50', '']);
  });
});
