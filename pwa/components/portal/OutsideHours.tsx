import { outsideHours } from '#domain/content/shared.ts';
import type { Schedule } from '#domain/schedule.ts';

/**
 * Under a booking's days and hours (New Booking, Quick booking, Change dates): that they fall outside the business's
 * opening hours, as the footer gives them (a Sunday evening, 07:00 on a weekday), and that the business will confirm
 * or suggest another time. Taken as asked, they were only found out when the business rang. Always on the page (out of
 * the form's grid while empty: form-live), so that it is read out as it fills.
 */
export function OutsideHours({ job }: { job: Schedule }) {
  const hours = outsideHours(job);
  return (
    <p className="field__hint field--full form-live" role="status">
      {hours ? `That is outside our usual hours (${hours}). We will confirm it with you or suggest another time.` : null}
    </p>
  );
}
