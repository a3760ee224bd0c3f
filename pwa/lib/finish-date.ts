import type { ChangeEvent } from 'react';

/**
 * A start date's onChange, in a form whose finish date is named `finishDate`: a finish date left empty, or one before
 * the start just chosen, takes the start's day. Most jobs take one day, and that was a second date picker to open for
 * each; a finish before its start could only be a slip, answered by "The finish date must be on or after the start
 * date". A later finish date is left as it was. The form hears it as typed (an input event): its checks and a kept
 * draft follow.
 */
export function finishFollowsStart(event: ChangeEvent<HTMLInputElement>): void {
  const start = event.currentTarget;
  const finish = start.form?.elements.namedItem('finishDate');
  if (!(finish instanceof HTMLInputElement) || start.value === '') return;
  if (finish.value !== '' && finish.value >= start.value) return;
  finish.value = start.value;
  finish.dispatchEvent(new Event('input', { bubbles: true }));
}
