import { useEffect, useRef, useState } from 'react';
import { PAID_IN_FUTURE, PAYMENTS_KEPT_FROM, PAYMENT_METHODS, PAYMENT_WORDS } from '#domain/payment.ts';
import type { PaymentMethod } from '#domain/payment.ts';
import { toast } from '../../../lib/toast.ts';
import { personName, recordPayment } from '../../../offline/admin-commands.ts';
import type { Payment } from '../../../offline/admin-commands.ts';
import type { ShownBooking } from '../../../offline/use-mirror.ts';
import { useAdmin } from '../context.ts';
import { dayLabel, jobOf, useToday } from '../format.ts';
import { goesWhen } from '../goes-when.ts';
import { unpaid } from './order.ts';

/** A job done before the app kept payments, not marked paid. */
const SETTLED_BEFORE = `Done before ${dayLabel(PAYMENTS_KEPT_FROM)}, when payments began to be kept here: taken as settled, not counted as owed.`;

/** How a job was paid, in words: 'by bank transfer', or '' when not said. */
function byWords(method: string | null | undefined): string {
  return method && method in PAYMENT_WORDS ? ` by ${PAYMENT_WORDS[method as PaymentMethod]}` : '';
}

/**
 * Whether a finished job is paid, in its card (the FAQ: no payment until the work is complete): "Not paid yet" with
 * Mark as paid (the day, today unless changed, and how), or the day and how it was paid, with Mark as not paid for a
 * mark made by mistake. The business's book-keeping, through the outbox like the notes: with no signal it counts at
 * once, marked Waiting to send. Nothing goes to the customer. Shown on completed jobs, and on any job marked paid.
 */
export function JobPayment({ job }: { job: ShownBooking }) {
  const { user } = useAdmin();
  const today = useToday();
  const [marking, setMarking] = useState(false);
  const [day, setDay] = useState('');
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const dayField = useRef<HTMLInputElement>(null);
  const back = useRef(false);
  const formOpen = useRef(false);
  formOpen.current = marking;
  useEffect(() => {
    if (marking) dayField.current?.focus();
    else if (back.current) {
      back.current = false;
      button.current?.focus();
    }
  }, [marking]);
  const paidOn = job.paidOn ?? null;
  if (job.status !== 'completed' && !paidOn) return null;
  // Done before the app kept payments (PAYMENTS_KEPT_FROM): taken as settled, as the list of the unpaid has it, not
  // "Not paid yet" under a red button on every job of the years before. It can still be marked.
  const settledBefore = !paidOn && !unpaid(job);
  const name = personName(job) || 'a job';
  const id = `job-payment-${job.id}`;
  const waiting = job.paymentWaiting;

  const record = async (payment: Payment) => {
    if (sending) return false;
    setSending(true);
    const outcome = await recordPayment(job, payment, user.id);
    setSending(false);
    const said = payment.paid ? `${name}: paid on ${dayLabel(payment.paidOn)}${byWords(payment.method)}.` : `${name}: not paid.`;
    switch (outcome.kind) {
      case 'sent':
        void toast.success(payment.paid ? 'Marked paid' : 'Marked not paid', said);
        break;
      case 'queued':
        void toast.info('Saved on this device', `${said} It is sent ${goesWhen(outcome.why)}.`);
        break;
      case 'refused':
        // Its day refused while the form is open: said under it. Otherwise (closed meanwhile, or another reason), a toast.
        if (outcome.fields['paidOn'] && formOpen.current) {
          setError(outcome.fields['paidOn']);
          return false;
        }
        void toast.error('Could not mark the payment', outcome.message);
        return false;
      case 'failed':
        void toast.error('Could not mark the payment', outcome.message);
        return false;
    }
    return true;
  };
  // Not paid after all: on a job not completed, the section goes with the mark, and the focus to the job's name.
  const unmark = async () => {
    const leaves = job.status !== 'completed';
    if ((await record({ paid: false })) && leaves) document.getElementById(`job-${job.id}`)?.focus();
  };
  const open = () => {
    setDay(today);
    setMethod('');
    setError('');
    setMarking(true);
  };
  const close = () => {
    back.current = true;
    setMarking(false);
  };
  const save = async () => {
    if (sending) return;
    if (!day) return setError('Choose the day it was paid');
    if (day > today) return setError(PAID_IN_FUTURE);
    if (await record({ paid: true, paidOn: day, method: method || null })) close();
  };

  return (
    <section className="admin-notes admin-payment" aria-labelledby={id}>
      <div className="admin-notes__head">
        <h4 id={id} className="admin-notes__title">
          Payment<span className="visually-hidden"> for {jobOf(job, personName(job))}</span>
        </h4>
        {waiting ? <span className={`admin-chip admin-chip--${waiting.state}`}>{waiting.state === 'failed' ? 'Not accepted' : 'Waiting to send'}</span> : null}
        {marking || waiting?.state === 'failed' ? null : paidOn ? (
          <button
            ref={button}
            type="button"
            className="btn btn--secondary admin-btn admin-notes__edit"
            aria-disabled={sending || undefined}
            onClick={() => void unmark()}
          >
            Mark as not paid<span className="visually-hidden"> ({name}&rsquo;s job)</span>
          </button>
        ) : (
          <button ref={button} type="button" className={`btn ${settledBefore ? 'btn--secondary' : 'btn--primary'} admin-btn admin-notes__edit`} onClick={open}>
            Mark as paid<span className="visually-hidden"> ({name}&rsquo;s job)</span>
          </button>
        )}
      </div>
      {marking ? (
        <form
          className="admin-form admin-payment__form"
          aria-label={`Mark ${name}’s job paid`}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
          }}
        >
          <label className="admin-select">
            <span className="admin-select__label">Paid on</span>
            <input
              ref={dayField}
              type="date"
              value={day}
              max={today}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => {
                setDay(event.currentTarget.value);
                setError('');
              }}
            />
          </label>
          <label className="admin-select">
            <span className="admin-select__label">How</span>
            <select value={method} onChange={(event) => setMethod(event.currentTarget.value as PaymentMethod | '')}>
              <option value="">Not said</option>
              {PAYMENT_METHODS.map((one) => (
                <option key={one} value={one}>
                  {PAYMENT_WORDS[one][0]!.toUpperCase() + PAYMENT_WORDS[one].slice(1)}
                </option>
              ))}
            </select>
          </label>
          <div className="admin-actions">
            <button type="submit" className="btn btn--primary admin-btn" aria-disabled={sending || undefined}>
              {sending ? 'Saving…' : 'Mark as paid'}
            </button>
            <button type="button" className="btn btn--secondary admin-btn" onClick={close}>
              Cancel
            </button>
          </div>
          <p id={`${id}-error`} className="form-status form-status--failed" role="alert">
            {error}
          </p>
        </form>
      ) : (
        <p className="admin-notes__text">{paidOn ? `Paid on ${dayLabel(paidOn)}${byWords(job.paidBy)}.` : settledBefore ? SETTLED_BEFORE : 'Not paid yet.'}</p>
      )}
    </section>
  );
}
