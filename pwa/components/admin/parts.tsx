import type { ReactNode, Ref } from 'react';
import '../ui/status-badge.css';
import { directionsHref, telHref } from '#domain/content/shared.ts';
import { ERASED } from '#domain/limits.ts';
import type { ClashView } from '#domain/views.ts';
import type { FormStatus } from '../../lib/form.ts';
import { personName } from '../../offline/admin-commands.ts';
import { DiscardQuestion as SharedDiscardQuestion } from '../ui/DiscardQuestion.tsx';
import type { DiscardLook } from '../ui/DiscardQuestion.tsx';
import { jobWhen } from './format.ts';
import { JOB_FILTERS } from './search.ts';
import { PrintButton as PrintAnything } from '../ui/PrintButton.tsx';

/** The small pieces several admin screens share. */

/** The job statuses as a select's options (seed point 4: the words with spaces), in the seed's order. */
export function StatusOptions() {
  return (
    <>
      {JOB_FILTERS.map((status) => (
        <option key={status} value={status}>
          {codeWords(status)}
        </option>
      ))}
    </>
  );
}

/** A stored value as a label: 'in_progress' → 'In progress' (the seed's spaces for underscores, and a capital). */
export function codeWords(code: string): string {
  const words = code.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a list says when its search finds nothing (on the page, and read out by SearchBox's `found`). */
export const noMatch = (things: 'jobs' | 'contacts' | 'quotes'): string => `No ${things} match. Clear the search to see them all.`;

/** What a search box says it found (SearchBox `found`): "1 quote matches", "17 quotes match", or noMatch. */
export function foundWords(count: number, thing: 'job' | 'contact' | 'quote'): string {
  return count === 0 ? noMatch(`${thing}s`) : count === 1 ? `1 ${thing} matches` : `${count} ${thing}s match`;
}

/**
 * A labelled search box over a list ('Find a job'); filters as the admin types. `found` says what the search finds
 * ('2 jobs match', 'No jobs match.'): read out from a status region that stays on the page, since the list changing
 * under the box is seen but not heard, and a 'No … match' put in the list's place is not announced.
 */
export function SearchBox({ label, value, onChange, placeholder, found }: { label: string; value: string; onChange: (value: string) => void; placeholder: string; found?: string }) {
  return (
    <>
      <label className="admin-search">
        <span className="admin-select__label">{label}</span>
        <input type="search" value={value} onChange={(event) => onChange(event.target.value)} placeholder={placeholder} />
      </label>
      {found === undefined ? null : (
        <p className="visually-hidden" role="status">
          {value.trim() ? found : ''}
        </p>
      )}
    </>
  );
}

/** A screen's heading (which takes focus when the screen opens) with its main action beside it. */
export function ScreenHead({ title, id, headingRef, children }: { title: ReactNode; id?: string; headingRef?: Ref<HTMLHeadingElement>; children?: ReactNode }) {
  return (
    <div className="admin-toolbar">
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="admin-section__title">
        {title}
      </h2>
      {children}
    </div>
  );
}

const QUOTE_TONES: Readonly<Record<string, string>> = { pending: 'yellow', quoted: 'blue', approved: 'green', rejected: 'red', converted: 'green' };

/** Prints what the tab shows (the job sheet or the calendar: admin-print.css, ADR 032), the size of the admin's buttons. */
export function PrintButton({ what }: { what: string }) {
  return <PrintAnything what={what} className="btn btn--secondary admin-btn" />;
}

/** A quote's status, coloured like the job badges: pending yellow, quoted blue, approved (or converted) green, rejected red. */
export function QuoteBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${QUOTE_TONES[status] ?? 'grey'}`}>{status}</span>;
}

/**
 * A fact of a card: its name and value (nothing when there is no value). `wide`: the whole row (a sentence); `long`:
 * two columns where the row has three or more (an email address, which broke at its @ in one column beside room).
 */
export function Fact({ name, children, wide, long }: { name: string; children: ReactNode; wide?: boolean; long?: boolean }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className={wide ? 'admin-facts__wide' : long ? 'admin-facts__long' : undefined}>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A person's phone and email as facts of a card, each a link that calls or writes (an erased one says so, unlinked). */
export function ContactFacts({ phone, email }: { phone: string | null; email: string | null }) {
  return (
    <>
      <Fact name="Phone">{phone === ERASED ? <Erased /> : phone ? <a href={telHref(phone)}>{phone}</a> : null}</Fact>
      <Fact name="Email" long>
        {email === ERASED ? <Erased /> : email ? <a href={`mailto:${email}`}>{breakableEmail(email)}</a> : null}
      </Fact>
    </>
  );
}

/** A job's or a quote's address, a link to directions there (the maps app on a tablet or phone); an erased one unlinked. */
export function AddressFact({ address, name = 'Address' }: { address: string | null; name?: string }) {
  return (
    <Fact name={name}>
      {address === ERASED ? (
        <Erased />
      ) : address ? (
        <a href={directionsHref(address)} target="_blank" rel="noopener noreferrer">
          <span>
            {address}
            <span className="visually-hidden"> (directions in Google Maps, opens in a new tab)</span>
          </span>
        </a>
      ) : null}
    </Fact>
  );
}

/** In place of a personal detail erased under UK GDPR: nothing to call, write to or drive to. */
export function Erased() {
  return <span className="admin-muted">Erased</span>;
}

/** An address that may wrap before its @ when the column is narrow, rather than anywhere in a word. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/** A form's send button and the line that says what became of the last try. */
export function SubmitRow({ label, busyLabel, sending, status, children }: { label: string; busyLabel: string; sending: boolean; status: FormStatus; children?: ReactNode }) {
  return (
    <div className="form-submit">
      <button type="submit" className="btn btn--primary admin-btn" aria-disabled={sending || undefined}>
        {sending ? busyLabel : label}
      </button>
      {children}
      <p className={`form-status form-status--${status.kind}`} role="status">
        {status.kind === 'failed' || status.kind === 'invalid' ? status.text : ''}
      </p>
    </div>
  );
}

/** The admin's look of the question Escape asks in a form with changes typed (ui/DiscardQuestion, shared with the customer's portal). */
const ADMIN_DISCARD: DiscardLook = {
  box: 'admin-warning admin-discard field--full',
  actions: 'admin-actions',
  keep: 'btn btn--secondary admin-btn',
  discard: 'btn admin-btn admin-btn--risky',
};

/** "Discard your changes?" in an admin form (useEscapeToClose): Keep editing, focused, and Discard. */
export function DiscardQuestion({ onDiscard, onKeep }: { onDiscard: () => void; onKeep: () => void }) {
  return <SharedDiscardQuestion onDiscard={onDiscard} onKeep={onKeep} look={ADMIN_DISCARD} />;
}

/** What a link to a record the tablet no longer holds shows (erased, deleted, or not yet pulled). */
export function Gone({ what, back, onBack }: { what: string; back: string; onBack: () => void }) {
  return (
    <div className="admin-section">
      <p className="admin-empty">{what} is not on this device.</p>
      <button type="button" className="btn btn--secondary admin-btn" onClick={onBack}>
        {back}
      </button>
    </div>
  );
}

/**
 * Inside a form: the days chosen overlap a job already booked (the jobs the device found before sending, or those the
 * server named when it refused; none listed when the server named none), and the one way to go on anyway. An alert, so
 * it is read out when it appears.
 */
export function ClashWarning({ jobs, level = 'h3', action, onAction }: { jobs: readonly ClashView[]; level?: 'h3' | 'h4'; action: string; onAction: () => void }) {
  const Heading = level;
  return (
    <div className="admin-problem field--full" role="alert">
      <Heading>Double booking</Heading>
      <p>{jobs.length > 0 ? 'These dates overlap a job already booked (confirmed or under way):' : 'The server says these dates overlap a job already booked.'}</p>
      <ClashList jobs={jobs} />
      <div className="admin-actions">
        <button type="button" className="btn btn--primary admin-btn" onClick={onAction}>
          {action}
        </button>
      </div>
    </div>
  );
}

/** The confirmed jobs a new or changed job would overlap, by customer and time (from the device's copy or the server's 409). */
export function ClashList({ jobs }: { jobs: readonly ClashView[] }) {
  if (jobs.length === 0) return null;
  return (
    <ul className="admin-clashes">
      {jobs.map((other) => (
        <li key={other.id}>
          {personName(other)} – {jobWhen(other)}
        </li>
      ))}
    </ul>
  );
}
