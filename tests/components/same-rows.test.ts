import { describe, expect, it } from 'vitest';
import type { MessageView } from '#domain/views.ts';
import { everything, matcher, searchCache } from '../../pwa/components/admin/find.ts';
import { threadsOf } from '../../pwa/offline/admin-data.ts';
import { sameRows } from '../../pwa/offline/same-rows.ts';
import type { ShownBooking } from '../../pwa/offline/use-mirror.ts';
import { aJob } from './a-job.ts';

// The device copy keeps a record's object while it is unchanged, so the screens draw again only what changed. These
// prove the other half: a change is never hidden behind an old object (a stale card).
describe("the device copy's rows, kept while unchanged", () => {
  it('keeps the same array when a live query answers the same rows again', () => {
    const jobs = [aJob(), aJob()];
    const again = jobs.map((job) => ({ ...job }));
    expect(sameRows(jobs, again)).toBe(jobs);
  });

  it('hands out the new object of a job whose status a pull changed, and the old objects of the others', () => {
    const jobs = [aJob(), aJob(), aJob()];
    const pulled = jobs.map((job, i) => (i === 1 ? { ...job, status: 'completed', version: 2 } : { ...job }));
    const shown = sameRows(jobs, pulled);
    expect(shown).not.toBe(jobs);
    expect(shown[0]).toBe(jobs[0]);
    expect(shown[2]).toBe(jobs[2]);
    expect(shown[1]).toBe(pulled[1]);
    expect(shown[1]!.status).toBe('completed');
  });

  it('sees a change inside what the outbox lays over a job (waiting, then refused)', () => {
    const job = aJob();
    const waiting: ShownBooking[] = [{ ...job, status: 'confirmed', waiting: { state: 'waiting', message: null } }];
    const refused: ShownBooking[] = [{ ...job, status: 'confirmed', waiting: { state: 'failed', message: 'Changed meanwhile' } }];
    expect(sameRows(waiting, [{ ...waiting[0]!, waiting: { state: 'waiting', message: null } }])).toBe(waiting);
    expect(sameRows(waiting, refused)[0]!.waiting).toEqual({ state: 'failed', message: 'Changed meanwhile' });
    // A field that goes away (the change was sent) is a change too.
    const { waiting: _sent, ...sent } = waiting[0]!;
    expect(sameRows(waiting, [sent])[0]).not.toHaveProperty('waiting');
  });

  it('follows a new order, a new row and a row gone', () => {
    const [a, b, c] = [aJob(), aJob(), aJob()];
    expect(sameRows([a, b], [{ ...b }, { ...a }])).toEqual([b, a]);
    expect(sameRows([a, b], [{ ...a }, { ...b }, c])).toEqual([a, b, c]);
    expect(sameRows([a, b, c], [{ ...a }, { ...c }])).toEqual([a, c]);
  });
});

describe("the chats' summaries, kept while unchanged", () => {
  const m = (id: string, bookingId: string, isFromAdmin: boolean): MessageView => ({ id, bookingId, senderId: null, senderName: 'x', content: 'x', attachments: null, isFromAdmin, createdAt: id });

  it("gives a job whose chat got a new message a new summary at once, and keeps the others' objects", () => {
    const first = threadsOf([m('1', 'a', false), m('2', 'b', true)]);
    const next = threadsOf([m('1', 'a', false), m('2', 'b', true), m('3', 'b', false)]);
    expect(next.get('a')).toBe(first.get('a'));
    expect(next.get('b')).not.toBe(first.get('b'));
    expect(next.get('b')).toEqual({ count: 2, unanswered: true, noReplyNeeded: false, latestAt: '3', latest: 'x', latestFromAdmin: false });
  });
});

describe('Find a job, with each record made searchable once', () => {
  it('finds a job by the name it has now, not the one it had when first made searchable', () => {
    const searchableJob = searchCache((job: { firstName: string }) => [job.firstName]);
    const before = { firstName: 'Ann' };
    expect(matcher('ann')(searchableJob(before))).toBe(true);
    // A renamed job is a new object (sameRows): it is made searchable afresh.
    const renamed = { ...before, firstName: 'Beth' };
    expect(matcher('beth')(searchableJob(renamed))).toBe(true);
    expect(matcher('ann')(searchableJob(renamed))).toBe(false);
  });

  it('matches everything for a search with nothing to look for, so a list need not make its records searchable', () => {
    expect(matcher('')).toBe(everything);
    expect(matcher('  ')).toBe(everything);
    expect(matcher('ann')).not.toBe(everything);
  });
});
