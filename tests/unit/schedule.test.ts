import { describe, expect, it } from 'vitest';
import { ROUTE_STOPS, routeHref } from '#domain/content/shared.ts';
import { HOLDS_SLOT, clashMap, clashes, dayStops, overlaps, type Slot } from '#domain/schedule.ts';

const job = (id: string, startDate: string, finishDate: string, startTime: string | null = '09:00', finishTime: string | null = '17:00'): Slot => ({
  id,
  startDate,
  finishDate,
  startTime,
  finishTime,
});

describe('overlaps', () => {
  it('sees jobs on the same day at the same time as a clash', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-01'), job('b', '2026-12-01', '2026-12-01', '13:00', '15:00'))).toBe(true);
  });
  it('lets back-to-back jobs share a day', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-01', '09:00', '12:00'), job('b', '2026-12-01', '2026-12-01', '12:00', '17:00'))).toBe(false);
  });
  it('sees a multi-day job clash with a day inside it', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-05'), job('b', '2026-12-03', '2026-12-03'))).toBe(true);
    expect(overlaps(job('a', '2026-12-01', '2026-12-05'), job('b', '2026-12-06', '2026-12-06'))).toBe(false);
  });
  it('sees a job of several days with daily hours hold those hours on each day, not the evenings and nights between', () => {
    const rewire = job('a', '2026-12-01', '2026-12-03', '08:00', '16:00');
    expect(overlaps(rewire, job('b', '2026-12-02', '2026-12-02', '18:00', '19:00'))).toBe(false);
    expect(overlaps(job('b', '2026-12-03', '2026-12-03', '06:00', '07:30'), rewire)).toBe(false);
    expect(overlaps(rewire, job('b', '2026-12-02', '2026-12-02', '15:00', '17:00'))).toBe(true);
    // Two such jobs: their hours on a shared day decide.
    expect(overlaps(rewire, job('c', '2026-12-03', '2026-12-05', '16:00', '20:00'))).toBe(false);
    expect(overlaps(rewire, job('c', '2026-12-03', '2026-12-05', '15:59', '20:00'))).toBe(true);
    // A job over a night (18:00 one day to 02:00 the next) is one stretch, and meets one inside it.
    expect(overlaps(job('d', '2026-12-01', '2026-12-02', '18:00', '02:00'), job('e', '2026-12-01', '2026-12-01', '22:00', '23:00'))).toBe(true);
    // Without both times a job of several days holds them whole, as before.
    expect(overlaps(job('f', '2026-12-01', '2026-12-03', null, null), job('g', '2026-12-02', '2026-12-02', '18:00', '19:00'))).toBe(true);
  });
  it('uses the default day (09:00 to 17:00) when times are missing', () => {
    expect(overlaps(job('a', '2026-12-01', '2026-12-01', null, null), job('b', '2026-12-01', '2026-12-01', '16:30', '18:00'))).toBe(true);
    expect(overlaps(job('a', '2026-12-01', '2026-12-01', null, null), job('b', '2026-12-01', '2026-12-01', '17:00', '18:00'))).toBe(false);
  });
  it('ignores jobs without dates', () => {
    expect(overlaps({ id: 'a', startDate: null, finishDate: null, startTime: null, finishTime: null }, job('b', '2026-12-01', '2026-12-01'))).toBe(false);
  });
});

describe('clashes', () => {
  it('lists the others, never the job itself', () => {
    const a = job('a', '2026-12-01', '2026-12-01');
    expect(clashes(a, [a, job('b', '2026-12-01', '2026-12-02'), job('c', '2026-12-09', '2026-12-09')]).map((c) => c.id)).toEqual(['b']);
  });
});

describe('clashMap', () => {
  const held = (id: string, status: string, startDate: string, finishDate: string, startTime: string | null = '09:00', finishTime: string | null = '17:00') => ({ ...job(id, startDate, finishDate, startTime, finishTime), status });

  it('gives each booked job the booked jobs it overlaps, in the list’s order, and nothing to the others', () => {
    const long = held('long', 'confirmed', '2026-12-01', '2026-12-05');
    const inside = held('inside', 'in_progress', '2026-12-03', '2026-12-03');
    const after = held('after', 'confirmed', '2026-12-05', '2026-12-05', '17:00', '18:00');
    const waiting = held('waiting', 'pending', '2026-12-03', '2026-12-03');
    const early = held('early', 'confirmed', '2026-12-01', '2026-12-01', '08:00', '10:00');
    const map = clashMap([inside, waiting, long, after, early]);
    expect([...map].map(([id, others]) => [id, others.map((o) => o.id)]).sort()).toEqual([
      ['early', ['long']],
      ['inside', ['long']],
      ['long', ['inside', 'early']],
    ]);
  });

  it('answers for every job what clashes() answers against the booked others, on a random diary', () => {
    // A small deterministic generator: the same diary each run.
    let seed = 7;
    const next = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n);
    const statuses = [...HOLDS_SLOT, 'pending', 'completed', 'cancelled'];
    const hours = ['08:00', '09:00', '10:30', '12:00', '13:00', '15:00', '17:00', null];
    const jobs = Array.from({ length: 400 }, (_, i) => {
      const start = `2026-12-${String(1 + next(20)).padStart(2, '0')}`;
      const finish = next(4) === 0 ? `2026-12-${String(Math.min(28, Number(start.slice(8)) + next(5))).padStart(2, '0')}` : start;
      return held(`j${i}`, statuses[next(statuses.length)]!, start, next(30) === 0 ? '' : finish, hours[next(hours.length)]!, hours[next(hours.length)]!);
    });
    const map = clashMap(jobs);
    const booked = jobs.filter((j) => (HOLDS_SLOT as readonly string[]).includes(j.status));
    let pairs = 0;
    for (const j of jobs) {
      const expected = (HOLDS_SLOT as readonly string[]).includes(j.status) ? clashes(j, booked) : [];
      pairs += expected.length;
      expect(map.get(j.id) ?? [], j.id).toEqual(expected);
    }
    expect(pairs).toBeGreaterThan(100);
  });
});

describe('a day’s route', () => {
  const stop = (status: string, address: string | null) => ({ status, address });

  it('goes to the booked jobs in the order given, once per place in a row, past requests, jobs done, called off or erased', () => {
    const jobs = [
      stop('confirmed', '1 High Street, Ashford TW15 2AA'),
      stop('in_progress', '1 high street ashford tw15 2aa'),
      stop('pending', '5 Request Road, Staines'),
      stop('completed', '6 Done Drive, Feltham'),
      stop('cancelled', '7 Off Lane, Windsor'),
      stop('confirmed', null),
      stop('confirmed', '[erased]'),
      stop('confirmed', '  9 Mill Lane, Staines TW18 4AB '),
      stop('confirmed', '1 High Street, Ashford TW15 2AA'),
    ];
    expect(dayStops(jobs)).toEqual(['1 High Street, Ashford TW15 2AA', '9 Mill Lane, Staines TW18 4AB', '1 High Street, Ashford TW15 2AA']);
  });

  it('is a Maps link from here through the stops, the last the destination, at most as many as a phone takes', () => {
    const url = new URL(routeHref(['1 High Street, Ashford', 'Flat 2|3 Mill Lane, Staines', 'A|B Court, Windsor']));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('origin')).toBeNull();
    expect(url.searchParams.get('destination')).toBe('A|B Court, Windsor');
    expect(url.searchParams.get('waypoints')?.split('|')).toEqual(['1 High Street, Ashford', 'Flat 2 3 Mill Lane, Staines']);
    expect(url.searchParams.get('travelmode')).toBe('driving');

    const many = new URL(routeHref(['a', 'b', 'c', 'd', 'e', 'f']));
    expect(many.searchParams.get('destination')).toBe(['a', 'b', 'c', 'd', 'e', 'f'][ROUTE_STOPS - 1]);
    expect(many.searchParams.get('waypoints')?.split('|')).toHaveLength(ROUTE_STOPS - 1);
  });
});
