import { closedHolidays, jobHours, joinWords, outsideHours } from '#domain/content/shared.ts';
import { DEFAULT_FINISH_TIME, DEFAULT_START_TIME } from '#domain/limits.ts';
import type { Schedule } from '#domain/schedule.ts';
import { formatDay } from './format.ts';

/**
 * Under a booking's days and hours (New Booking, Quick booking, Change dates): that they fall outside the business's
 * opening hours, as the footer gives them (a Sunday evening, 07:00 on a weekday), and that the business will confirm
 * or suggest another time. Taken as asked, they were only found out when the business rang. Always on the page (out of
 * the form's grid while empty: form-live), so that it is read out as it fills. `fitted` (New Booking): hours kept
 * within a day's shorter opening (jobHours) say so, rather than 16:00 turning up in the finish time unexplained. Bank
 * holidays the days take in, when the business closes on them, are named with their dates (closedHolidays).
 */
export function OutsideHours({ job, fitted = false }: { job: Schedule; fitted?: boolean }) {
  const hours = outsideHours(job);
  const closed = holidayWords(job);
  const within = !hours && !closed && fitted ? fittedWords(job) : null;
  const words = [hours ? `That is outside our usual hours (${hours}).` : null, closed].filter(Boolean);
  return (
    <p className="field__hint field--full form-live" role="status">
      {words.length > 0 ? `${words.join(' ')} We will confirm it with you or suggest another time.` : within}
    </p>
  );
}

/**
 * 'We are closed on Christmas Day (Fri 25 Dec 2026), a bank holiday.', 'We are closed on Christmas Day (Fri 25 Dec
 * 2026) and Boxing Day (Mon 28 Dec 2026), bank holidays.' (a substitute day under its holiday's name, its date saying
 * which day); more than three by their number. Null when there are none.
 */
function holidayWords({ startDate, finishDate }: Schedule): string | null {
  const holidays = closedHolidays(startDate, finishDate);
  if (holidays.length === 0) return null;
  if (holidays.length > 3) return `These days take in ${holidays.length} bank holidays, when we are closed.`;
  const named = joinWords(holidays.map((holiday) => `${holiday.name} (${formatDay(holiday.day)})`));
  return `We are closed on ${named}, ${holidays.length > 1 ? 'bank holidays' : 'a bank holiday'}.`;
}

/**
 * 'Finishing at 16:00 each day keeps the job within our usual hours (Saturday and Sunday 9:00–16:00).' when a time is
 * the one jobHours keeps the job's days to rather than the forms' 09:00 or 17:00 (a job of several days keeps the same
 * hours each day), the other time being the customer's or the form's own; both: '09:00–16:00 each day keeps …'. Null
 * otherwise. Whoever set the time, the sentence is true of it.
 */
function fittedWords({ startDate, finishDate, startTime, finishTime }: Schedule): string | null {
  if (!startDate) return null;
  const fit = jobHours(startDate, finishDate ?? startDate);
  const fitStart = fit.startTime !== DEFAULT_START_TIME && startTime === fit.startTime;
  const fitFinish = fit.finishTime !== DEFAULT_FINISH_TIME && finishTime === fit.finishTime;
  if (!fitStart && !fitFinish) return null;
  const shorter = outsideHours({ startDate, finishDate, startTime: DEFAULT_START_TIME, finishTime: DEFAULT_FINISH_TIME });
  if (!shorter) return null;
  const hours = fitStart && fitFinish ? `${fit.startTime}–${fit.finishTime}` : fitStart ? `Starting at ${fit.startTime}` : `Finishing at ${fit.finishTime}`;
  const several = finishDate !== null && finishDate > startDate;
  return `${hours}${several ? ' each day' : ''} keeps the job within our usual hours (${shorter}).`;
}
