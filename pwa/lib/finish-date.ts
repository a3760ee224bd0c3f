import type { ChangeEvent } from 'react';
import { jobHours } from '#domain/content/shared.ts';
import { addDays, daysBetween } from '#domain/days.ts';

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
  const moved = addDays(finish.value, daysBetween(was, start.value));
  if (moved === finish.value) return;
  finish.value = moved;
  finish.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * New Booking's start and finish times while the customer has not set them: they follow the days picked (jobHours), so a
 * Saturday's job reads 09:00–16:00, not the form's 09:00–17:00, which was then said to be outside our hours. Each time on
 * its own: one the customer typed is theirs and stays (timeTyped). Called as the form hears a date change, and the form
 * hears the times' change as typed; `quiet` after a draft is put back (it keeps no followed time: changedValues), where
 * the caller reads the form itself and what the form would do on hearing it (keep a draft) would keep it half put back.
 */
export function hoursFollowDays(form: HTMLFormElement, { quiet = false }: { quiet?: boolean } = {}): void {
  const fields = ['startDate', 'finishDate', 'startTime', 'finishTime'].map((name) => form.elements.namedItem(name));
  if (!fields.every((field) => field instanceof HTMLInputElement)) return;
  const [start, finish, startTime, finishTime] = fields as [HTMLInputElement, HTMLInputElement, HTMLInputElement, HTMLInputElement];
  const hours = jobHours(start.value, finish.value);
  for (const [input, value] of [
    [startTime, hours.startTime],
    [finishTime, hours.finishTime],
  ] as const) {
    // As the form came (also after it was reset), or as set here last.
    if (input.value !== input.defaultValue && input.value !== input.dataset['followed']) continue;
    input.dataset['followed'] = value;
    if (input.value === value) continue;
    input.value = value;
    if (quiet) continue;
    following = true;
    try {
      input.dispatchEvent(new Event('input', { bubbles: true }));
    } finally {
      following = false;
    }
  }
}

/** While hoursFollowDays tells the form of a time it set: that input is not the customer's typing. */
let following = false;

/** A time field's input, heard by the form: typed by the customer, it is theirs from now on (also the very time set here). */
export function timeTyped(input: EventTarget): void {
  if (!following && input instanceof HTMLInputElement) delete input.dataset['followed'];
}
