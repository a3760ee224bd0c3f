import { dayWords } from '#domain/history.ts';

/**
 * An outbox item's label as the user reads it (the Waiting to send list, its toasts, the sign-out warning). The
 * admin's labels name a job's days as the rest of the admin does ('New dates for Nigel Parker (Tue 1 Dec 2026,
 * 09:00–17:00)'); an item queued by an earlier version kept its label as then written ('Job dates: Nigel Parker →
 * 2026-12-01'), and reads the same way.
 */
export function readableLabel(label: string): string {
  const days = (text: string) => text.replace(ISO_DAY, (day) => dayWords(day));
  const dates = /^Job dates: (.+) → (\d{4}-\d{2}-\d{2})(?: to (\d{4}-\d{2}-\d{2}))?$/.exec(label);
  if (dates) return `New dates for ${dates[1]} (${days(dates[3] ? `${dates[2]} – ${dates[3]}` : dates[2]!)})`;
  const manual = /^Manual booking: (.+), (\d{4}-\d{2}-\d{2})$/.exec(label);
  if (manual) return `Manual booking for ${manual[1]} (${days(manual[2]!)})`;
  const convert = /^Convert to job: (.+), (\d{4}-\d{2}-\d{2})$/.exec(label);
  if (convert) return `Job from ${convert[1]}’s quote (${days(convert[2]!)})`;
  return days(label);
}

const ISO_DAY = /\b\d{4}-\d{2}-\d{2}\b/g;
