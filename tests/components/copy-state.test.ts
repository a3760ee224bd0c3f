import { describe, expect, it } from 'vitest';
import { emptyBecause } from '../../pwa/components/portal/copy-state.ts';

describe('what an empty portal list stands for (copy-state.ts)', () => {
  const at = '2026-11-30T10:00:00.000Z';
  it('is nothing yet while the copy comes, could not come, or cannot before a new sign-in', () => {
    expect(emptyBecause({ state: 'loading', syncedAt: null })).toBe('loading');
    expect(emptyBecause({ state: 'failed', syncedAt: at })).toBe('failed');
    expect(emptyBecause({ state: 'unreachable', syncedAt: null })).toBe('failed');
    expect(emptyBecause({ state: 'signed-out', syncedAt: null })).toBe('signed-out');
  });

  it('is empty indeed once a copy was made: offline or signed out since, the copy said so', () => {
    expect(emptyBecause({ state: 'synced', syncedAt: at })).toBeNull();
    expect(emptyBecause({ state: 'unreachable', syncedAt: at })).toBeNull();
    expect(emptyBecause({ state: 'signed-out', syncedAt: at })).toBeNull();
  });
});
