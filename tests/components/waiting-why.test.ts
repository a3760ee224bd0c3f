import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { goesWhen } from '../../pwa/components/admin/goes-when.ts';
import { savedMessage } from '../../pwa/lib/queue-form.ts';
import { whyWaiting } from '../../pwa/offline/submit.ts';

// Why a submission waits on the device decides its words: "when you're back online" only when the device has no
// network; with one, the server's words (it could not be reached, or was busy or slow).
describe('whyWaiting', () => {
  it('says offline only when the browser says the device has no network', () => {
    expect(whyWaiting({ kind: 'unreachable' }, false)).toBe('offline');
    expect(whyWaiting(undefined, false)).toBe('offline');
  });

  it('says our server could not be reached when the device is online and nothing answered', () => {
    expect(whyWaiting({ kind: 'unreachable' }, true)).toBe('unreachable');
  });

  it('says busy for a 5xx or 429 answer, online or not', () => {
    expect(whyWaiting({ kind: 'unavailable', status: 503, retryAfterMs: 2000 }, true)).toBe('busy');
    expect(whyWaiting({ kind: 'unavailable', status: 429, retryAfterMs: 0 }, false)).toBe('busy');
  });

  it('says slow, not busy, for no outcome in time while online: the request is still on its way, and the server may be fine', () => {
    expect(whyWaiting(undefined, true)).toBe('slow');
  });

  it('says it waits for a sign-in when the server answered 401, whatever the browser says', () => {
    expect(whyWaiting({ kind: 'sign-in' }, true)).toBe('sign-in');
    expect(whyWaiting({ kind: 'sign-in' }, false)).toBe('sign-in');
  });
});

describe('the words for each', () => {
  it('speak of the signal only when offline, on the forms and in the admin’s toasts', () => {
    expect(savedMessage({ why: 'offline' })).toBe('Saved — we’ll send it when you’re back online.');
    expect(savedMessage({ why: 'unreachable' })).toBe('Saved — our server cannot be reached just now; it goes by itself as soon as it can.');
    expect(savedMessage({ why: 'busy' })).toBe('Saved — our server cannot take it just now; it goes by itself as soon as it can.');
    expect(savedMessage({ why: 'sign-in' })).toBe('Saved on this device. It goes once you have signed in again.');
    // Still on its way: nothing is said to be wrong with the server.
    expect(savedMessage({ why: 'slow' })).toBe('Saved — still on its way over a slow connection; it goes by itself, even if you leave this page.');
    expect(goesWhen('slow')).not.toMatch(/server/);
    expect(goesWhen('offline')).toBe('when you’re back online');
    for (const why of ['unreachable', 'busy', 'slow', 'sign-in'] as const) {
      expect(savedMessage({ why })).not.toMatch(/online/);
      expect(goesWhen(why)).not.toMatch(/online/);
    }
  });
});
