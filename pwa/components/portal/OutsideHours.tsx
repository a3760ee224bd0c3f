import { jobHours, outsideHours } from '#domain/content/shared.ts';
import { DEFAULT_FINISH_TIME, DEFAULT_START_TIME } from '#domain/limits.ts';
import type { Schedule } from '#domain/schedule.ts';

/**
 * Under a booking's days and hours (New Booking, Quick booking, Change dates): that they fall outside the business's
 * opening hours, as the footer gives them (a Sunday evening, 07:00 on a weekday), and that the business will confirm
 * or suggest another time. Taken as asked, they were only found out when the business rang. Always on the page (out of
 * the form's grid while empty: form-live), so that it is read out as it fills. `fitted` (New Booking): hours kept
 * within a day's shorter opening (jobHours) say so, rather than 16:00 turning up in the finish time unexplained.
 */
export function OutsideHours({ job, fitted = false }: { job: Schedule; fitted?: boolean }) {
  const hours = outsideHours(job);
  const within = !hours && fitted ? fittedWords(job) : null;
  return (
    <p className="field__hint field--full form-live" role="status">
      {hours ? `That is outside our usual hours (${hours}). We will confirm it with you or suggest another time.` : within}
    </p>
  );
}

/**
 * '09:00–16:00 each day, within our usual hours (Saturday and Sunday 9:00–16:00).' when the job's hours are the ones
 * jobHours keeps its days to and not the forms' 09:00–17:00 (a job of several days keeps the same hours each day); null
 * otherwise.
 */
function fittedWords({ startDate, finishDate, startTime, finishTime }: Schedule): string | null {
  if (!startDate) return null;
  const fit = jobHours(startDate, finishDate ?? startDate);
  if (startTime !== fit.startTime || finishTime !== fit.finishTime) return null;
  if (fit.startTime === DEFAULT_START_TIME && fit.finishTime === DEFAULT_FINISH_TIME) return null;
  const shorter = outsideHours({ startDate, finishDate, startTime: DEFAULT_START_TIME, finishTime: DEFAULT_FINISH_TIME });
  if (!shorter) return null;
  const several = finishDate !== null && finishDate > startDate;
  return `${fit.startTime}–${fit.finishTime}${several ? ' each day' : ''}, within our usual hours (${shorter}).`;
}
