import type { ChangeEvent } from 'react';
import { jobHours } from '#domain/content/shared.ts';

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

/**
 * A start date's onChange where a job is moved (Change dates, a request to move a booking): the finish date moves by as
 * many days as the start did, so the job keeps its length, as a diary does. Moving a two-day job's start past its finish
 * made it a one-day job, to be noticed or not before it was saved. Without a range to keep (no finish, or none after the
 * start the form had), as finishFollowsStart. A length wanted otherwise is the finish date's own change after.
 */
export function finishKeepsLength(event: ChangeEvent<HTMLInputElement>): void {
  const start = event.currentTarget;
  const finish = start.form?.elements.namedItem('finishDate');
  const was = start.dataset['was'] ?? start.defaultValue;
  // A date typed part by part is '' until whole: the last whole one is what the next is measured from.
  if (start.value === '') return;
  start.dataset['was'] = start.value;
  if (!(finish instanceof HTMLInputElement) || was === '' || finish.value === '' || finish.value < was) return finishFollowsStart(event);
  const moved = shiftDay(finish.value, daysBetween(was, start.value));
  if (moved === finish.value) return;
  finish.value = moved;
  finish.dispatchEvent(new Event('input', { bubbles: true }));
}

const DAY_MS = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * New Booking's start and finish times while the customer has not set them: they follow the days picked (jobHours), so a
 * Saturday's job reads 09:00–16:00, not the form's 09:00–17:00, which was then said to be outside our hours. Times the
 * customer typed are theirs and stay. Called as the form hears a date change; the form hears the times' change as typed.
 */
export function hoursFollowDays(form: HTMLFormElement): void {
  const fields = ['startDate', 'finishDate', 'startTime', 'finishTime'].map((name) => form.elements.namedItem(name));
  if (!fields.every((field) => field instanceof HTMLInputElement)) return;
  const [start, finish, startTime, finishTime] = fields as [HTMLInputElement, HTMLInputElement, HTMLInputElement, HTMLInputElement];
  // As the form came (also after it was reset), or as set here last.
  const untouched = (input: HTMLInputElement) => input.value === input.defaultValue || input.value === input.dataset['followed'];
  if (!untouched(startTime) || !untouched(finishTime)) return;
  const hours = jobHours(start.value, finish.value);
  for (const [input, value] of [
    [startTime, hours.startTime],
    [finishTime, hours.finishTime],
  ] as const) {
    input.dataset['followed'] = value;
    if (input.value === value) continue;
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}
