import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import type { OutboxItem } from '../../offline/db.ts';
import { deviceDb } from '../../offline/db.ts';
import { requestEdit } from '../../offline/edit.ts';
import { isGone, KINDS, QUOTE_KINDS } from '../../offline/kinds.ts';
import { readableLabel } from '../../offline/labels.ts';
import { discard, queuedFor, retry, takeBack } from '../../offline/outbox.ts';
import { drain } from '../../offline/sender.ts';
import { useCurrentUser, useSignInEnded } from '../../offline/session.ts';
import { useConnection } from '../../offline/use-outbox.ts';
import { afterDrain } from '../../offline/start.ts';
import { Icon } from '../ui/Icon.tsx';
import { navigateTo } from '../../islands/links.ts';
import { formatWhen } from '../portal/format.ts';

/**
 * Where each kind of submission is edited: its form's page and anchor. A customer's new booking stays in the outbox
 * while it is corrected (`inPlace`: its files are there, and its chat queued after it must still follow it).
 */
const EDIT_AT: Readonly<Record<string, { to: '/' | '/support' | '/customer-portal'; hash?: string; inPlace?: true }>> = {
  'quote-request': { to: '/', hash: 'contact' },
  contact: { to: '/', hash: 'get-in-touch' },
  'support-request': { to: '/support', hash: 'support-request' },
  [KINDS.booking]: { to: '/customer-portal', inPlace: true },
};

/** Whether this user can correct the item in its form: a new booking is the customer portal's (the admin's has its card). */
function editable(item: OutboxItem, admin: boolean): boolean {
  return item.kind in EDIT_AT && !(item.kind === KINDS.booking && admin);
}

/**
 * Where the admin decides about a change refused because its job or quote changed elsewhere meanwhile (a 409): the
 * record's card, which shows both versions and asks which to keep. Sent again as it is, it was refused again each time.
 */
function decidedAt(item: OutboxItem, admin: boolean): { to: string; words: string } | null {
  // The admin's cards only: a customer's refused new dates are not decided on a card of the admin portal.
  if (!admin || item.state !== 'failed' || item.error?.status !== 409 || item.record === null) return null;
  if (item.kind === KINDS.bookingStatus || item.kind === KINDS.bookingDates || item.kind === KINDS.bookingNotes) {
    return { to: `/admin?tab=bookings&job=${item.record}`, words: 'Open the job' };
  }
  if (item.kind === QUOTE_KINDS.update || item.kind === QUOTE_KINDS.convert) return { to: `/admin?tab=quotes&quote=${item.record}`, words: 'Open the quote' };
  return null;
}

/**
 * "Waiting to send": everything the device keeps for the server, oldest first, with where each stands. A
 * waiting item can be sent now or discarded; one the server refused shows why and can be edited in its form,
 * sent again or discarded (after a second press: nothing is dropped by a slip). A modal dialog: focus stays
 * in it, Escape closes it.
 */
export default function OutboxPanel({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const all = useLiveQuery(() => deviceDb().outbox.orderBy('seq').toArray(), []);
  // Another account's items (queued before its sign-in ended, waiting for its owner: sender.ts) are theirs: their
  // words and choices are not shown here, nor can they be discarded by whoever uses the device now.
  const current = useCurrentUser();
  const me = current?.id ?? null;
  const admin = current?.isAdmin === true;
  const items = all?.filter((item) => item.owner === null || item.owner === me);
  const others = (all?.length ?? 0) - (items?.length ?? 0);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  // Discard takes its entry, and the focused button, out of the list: the focus goes on to the entry after it (or before
  // it), or to the close button when none is left, rather than to the page behind the dialog.
  const refocus = useRef<{ gone: string; to: string | null } | null>(null);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted || items === undefined || items.some((item) => item.id === wanted.gone)) return;
    refocus.current = null;
    const entry = wanted.to === null ? null : dialog.current?.querySelector<HTMLElement>(`[data-entry="${wanted.to}"] button`);
    (entry ?? dialog.current?.querySelector<HTMLElement>('.outbox-panel__head button'))?.focus();
  }, [items]);
  const discardEntry = (id: string) => {
    const ids = (items ?? []).map((item) => item.id);
    const at = ids.indexOf(id);
    refocus.current = { gone: id, to: ids[at + 1] ?? ids[at - 1] ?? null };
    void discard(id);
  };

  const sendNow = async () => afterDrain(await drain({ force: true, queue: true }));
  // Try sending now with no signal (or our server out of reach) did nothing anyone could see: it says so.
  const reach = useConnection();
  const [tried, setTried] = useState(false);
  const tryNow = async () => {
    setTried(false);
    await sendNow();
    setTried(true);
  };
  const edit = async (item: OutboxItem) => {
    const place = EDIT_AT[item.kind];
    const taken = place?.inPlace ? item : await takeBack(item.id);
    if (!place || !taken) return;
    // The dialog closes first: while it is open (modal) the page behind it is inert, and the form could not take the
    // focus to the field the server named; the focus then went back to Waiting to send, gone with the item, and was lost.
    dialog.current?.close();
    navigateTo(place.hash ? `${place.to}#${place.hash}` : place.to);
    requestEdit({ kind: taken.kind, values: taken.values, fields: taken.error?.fields ?? {}, message: taken.error?.message ?? '', owner: taken.owner, ...(place.inPlace ? { item: taken.id } : {}) });
  };

  return (
    <dialog ref={dialog} className="outbox-panel" aria-labelledby="outbox-title" onClose={onClose}>
      <div className="outbox-panel__head">
        <h2 id="outbox-title">Waiting to send</h2>
        <button type="button" className="icon-btn" onClick={() => dialog.current?.close()}>
          <Icon name="close" size={20} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      {others > 0 ? (
        <p className="outbox-panel__lead">
          {others === 1 ? '1 change is' : `${others} changes are`} kept on this device for an account that is not signed in here:{' '}
          {others === 1 ? 'it goes' : 'they go'} once its owner signs in.
        </p>
      ) : null}
      {items === undefined ? null : items.length === 0 ? (
        others > 0 ? null : <p>Everything has been sent.</p>
      ) : (
        <>
          <p className="outbox-panel__lead">Kept on this device until our server has it. Nothing here is lost if you close the page.</p>
          <ul className="outbox-panel__list">
            {items.map((item) => (
              <OutboxEntry
                key={item.id}
                item={item}
                canEdit={editable(item, admin)}
                decide={decidedAt(item, admin)}
                along={queuedFor(item, all ?? []).length}
                onEdit={() => void edit(item)}
                onOpen={(to) => {
                  // Closed first, as for Edit: the page behind a modal dialog is inert, and the card could not take the focus.
                  dialog.current?.close();
                  navigateTo(to);
                }}
                onRetry={() => void retry(item.id).then(sendNow)}
                onDiscard={() => discardEntry(item.id)}
              />
            ))}
          </ul>
          {items.some((item) => item.state === 'waiting') ? (
            <>
              <button type="button" className="btn btn--primary btn--small" onClick={() => void tryNow()}>
                <Icon name="send" size={16} />
                Try sending now
              </button>
              <p className="outbox-panel__lead" role="status">
                {!tried || reach === 'online'
                  ? ''
                  : reach === 'offline'
                    ? 'Still no signal: nothing could be sent. It goes by itself when you’re back online.'
                    : 'Our server still cannot be reached: nothing could be sent. It goes by itself as soon as it can.'}
              </p>
            </>
          ) : null}
        </>
      )}
    </dialog>
  );
}

function OutboxEntry({
  item,
  along,
  canEdit,
  decide,
  onEdit,
  onOpen,
  onRetry,
  onDiscard,
}: {
  item: OutboxItem;
  /** How many items queued for this new job go with it when it is discarded (queuedFor). */
  along: number;
  canEdit: boolean;
  /** Where a refusal of the admin's is decided (decidedAt), or null. */
  decide: { to: string; words: string } | null;
  onEdit: () => void;
  onOpen: (to: string) => void;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const reach = useConnection();
  // An account's item waits for its owner's sign-in once that has ended, whatever the connection does.
  const signInEnded = useSignInEnded() && item.owner !== null;
  const label = readableLabel(item.label);
  // Each entry's buttons say which entry they are for: a screen reader's list of the dialog's buttons read "Discard"
  // once an entry.
  const which = <span className="visually-hidden"> {label}</span>;
  const discardButton = useRef<HTMLButtonElement>(null);
  return (
    <li className={`outbox-entry outbox-entry--${item.state}`} data-entry={item.id}>
      <p className="outbox-entry__label">{label}</p>
      <p className="outbox-entry__state">
        {item.state === 'failed' ? (
          <>
            <strong>Not accepted:</strong> {item.error?.message}
            {decide ? <span className="outbox-entry__field">Its card shows both versions and asks which to keep.</span> : null}
            {Object.entries(item.error?.fields ?? {}).map(([field, message]) => (
              <span key={field} className="outbox-entry__field">
                {fieldWords(field)}: {message}
              </span>
            ))}
          </>
        ) : signInEnded ? (
          // Not the connection: the server answers, and says nobody is signed in. Counting tries read as a signal problem.
          'Waiting for you to sign in again: it goes once you have'
        ) : reach === 'offline' ? (
          // No signal: tries are no news, the device sends it by itself once it is back.
          'Waiting for signal: it goes by itself when you’re back online'
        ) : reach === 'unreachable' ? (
          // Signal, but our server gives no answer (down, or a captive Wi-Fi): not the user's to fix.
          'Waiting for our server: it goes by itself as soon as it can be reached'
        ) : (item.serverErrors ?? 0) > 0 ? (
          // Our server answered, with an error of its own: not the connection (set aside after a few: sender.ts).
          `Our server met an error with it (tried ${item.attempts} ${item.attempts === 1 ? 'time' : 'times'}); it tries again shortly`
        ) : item.attempts > 0 ? (
          `Waiting for a connection (tried ${item.attempts} ${item.attempts === 1 ? 'time' : 'times'})`
        ) : (
          'Waiting to send'
        )}
        <span className="outbox-entry__time"> · saved {formatWhen(item.createdAt)}</span>
      </p>
      {confirming && along > 0 ? (
        <p className="outbox-entry__state" role="status">
          {along === 1 ? 'The 1 thing queued for it (a message or a change) goes with it.' : `The ${along} things queued for it (messages, changes) go with it.`}
        </p>
      ) : null}
      <div className="outbox-entry__actions">
        {item.state === 'failed' && canEdit ? (
          <button type="button" className="btn btn--secondary btn--small" onClick={onEdit}>
            Edit{which}
          </button>
        ) : null}
        {/* A change to a quote deleted on another device can never land: sending it again would only be refused again. */}
        {decide ? (
          <button type="button" className="btn btn--secondary btn--small" onClick={() => onOpen(decide.to)}>
            {decide.words}
            {which}
          </button>
        ) : item.state === 'failed' && !isGone(item) ? (
          <button
            type="button"
            className="btn btn--secondary btn--small"
            onClick={() => {
              // The button goes once the entry waits again; the focus stays in the entry, on its Discard.
              discardButton.current?.focus();
              onRetry();
            }}
          >
            Send again{which}
          </button>
        ) : null}
        <button ref={discardButton} type="button" className="btn btn--secondary btn--small" onClick={() => (confirming ? onDiscard() : setConfirming(true))}>
          {confirming ? 'Really discard?' : 'Discard'}
          {which}
        </button>
      </div>
    </li>
  );
}

/** A field the server named, in words: 'startDate' as 'Start date' (the list showed the name the code gives it). */
function fieldWords(field: string): string {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
