import { expect } from 'vitest';
import type { Decider } from '#domain/deciders/decider.ts';
import { DomainError } from '#domain/errors.ts';
import type { DomainEvent } from '#domain/events.ts';

/**
 * Given/when/then for deciders: `spec(decider).given([events]).when(command).thenEvents([events])` or
 * `.thenThrows('code')`. Pure: no store, no clock.
 */
export function spec<S, C, E extends DomainEvent>(decider: Decider<S, C, E>) {
  return {
    given(history: E[]) {
      return {
        when(command: C) {
          const run = (): E[] => decider.decide(command, history.reduce(decider.evolve, decider.initialState()));
          return {
            thenEvents(expected: E[]): void {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string): void {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught, `expected a DomainError ${code}`).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code).toBe(code);
            },
          };
        },
      };
    },
  };
}
