import { describe, expect, it } from 'vitest';
import { customerOrder } from '../../pwa/components/portal/booking-order.ts';

const TODAY = '2026-12-01';
type B = { name: string; startDate: string | null; finishDate: string | null; startTime: string | null; status: string; waiting?: { state: string } };
const b = (name: string, startDate: string | null, over: Partial<B> = {}): B => ({
  name,
  startDate,
  finishDate: startDate,
  startTime: '09:00',
  status: 'pending',
  ...over,
});
const order = (list: B[]) => customerOrder(list, TODAY).map((one) => one.name);

describe('the order of My Bookings (customerOrder)', () => {
  it('puts the work to come soonest first, whatever order it was made in, across the year’s end', () => {
    // As the device's copy gives them: the newest made first.
    const list = [b('2 Jan', '2027-01-02'), b('8 Jan', '2027-01-08'), b('12 Dec', '2026-12-12'), b('11 Jan', '2027-01-11')];
    expect(order(list)).toEqual(['12 Dec', '2 Jan', '8 Jan', '11 Jan']);
  });

  it('puts what is done, called off or gone by after it, the latest first; a job running today is still to come', () => {
    const list = [
      b('done', '2026-11-20', { status: 'completed' }),
      b('called off', '2026-12-20', { status: 'cancelled' }),
      b('next week', '2026-12-08', { status: 'confirmed' }),
      b('running', '2026-11-30', { finishDate: '2026-12-02', status: 'in_progress' }),
      b('gone by', '2026-11-25'),
      b('no dates', null),
    ];
    expect(order(list)).toEqual(['running', 'next week', 'no dates', 'called off', 'gone by', 'done']);
  });

  it('puts a booking refused as it was sent first, and a job under way with the work to come even past its last day', () => {
    const list = [
      b('next week', '2026-12-08'),
      b('overrunning', '2026-11-27', { status: 'in_progress' }),
      { ...b('refused', '2027-03-01'), waiting: { state: 'failed' } },
      b('done', '2026-11-30', { status: 'completed' }),
    ];
    expect(order(list)).toEqual(['refused', 'overrunning', 'next week', 'done']);
  });

  it('puts two jobs on one day by their start time', () => {
    expect(order([b('afternoon', '2026-12-03', { startTime: '13:00' }), b('morning', '2026-12-03', { startTime: '08:00' })])).toEqual(['morning', 'afternoon']);
  });
});
