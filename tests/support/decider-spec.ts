import { expect } from 'vitest';
import type { Decider } from '#domain/deciders/decider.ts';
import { DomainError } from '#domain/errors.ts';
import type { DomainEvent } from '#domain/events.ts';

/**
 * Given/when/then for deciders: `spec(decider).given([events]).when(command).thenEvents([events])` or
 * `.thenThrows('code', { message })`. Pure: no store, no clock.
 */
export function spec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given(history: E[]) {
      return {
        when(command: C) {
          const run = (): E[] => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
          return {
            /** Strict: an event carrying `field: undefined` would blank that field in a projection. */
            thenEvents(expected: E[]): void {
              expect(run()).toStrictEqual(expected);
            },
            /** `expected.message` is the text a person is shown; `expected.details` what the API answers besides. */
            thenThrows(code: string, expected: { message?: string; details?: Record<string, unknown> } = {}): void {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, `expected a DomainError ${code}`).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code).toBe(code);
              if (expected.message !== undefined) expect((caught as DomainError).message).toBe(expected.message);
              if (expected.details !== undefined) expect((caught as DomainError).details).toEqual(expected.details);
            },
          };
        },
      };
    },
  };
}
