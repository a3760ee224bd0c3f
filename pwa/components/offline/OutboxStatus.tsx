import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { followHeight } from '../../lib/height-var.ts';
import { startOutbox } from '../../offline/start.ts';
import type { Connection } from '../../offline/page-state.ts';
import { useConnection, useKeepsNothing, useOutboxCounts } from '../../offline/use-outbox.ts';
import { Icon } from '../ui/Icon.tsx';
import { NotLoaded, useLazyAgain } from '../ui/NotLoaded.tsx';
import './outbox.css';

// The list (and Dexie with it) loads when the visitor opens it, not with the page. With no signal, and no service worker
// keeping it yet (a first visit), that code could not come, and took the page down: NotLoaded below.
const loadPanel = () => import('./OutboxPanel.tsx');

/**
 * Online, what waits usually goes within a second: the bar (which moves what sticks below the header) and its
 * announcement come only once something has waited this long. Offline, or refused, they come at once.
 */
export const WAITING_SHOWN_AFTER_MS = 1_500;

/**
 * Under the sticky header, only when there is something to say: that the device is offline, or that it has a network
 * but our server cannot be reached (either way, what is sent is kept and goes later), and a "Waiting to send (n)"
 * button that opens the list of what waits or was refused.
 * Changes are announced to screen readers. It also starts the outbox's sending for the whole app.
 */
export function OutboxStatus() {
  const { waiting, failed } = useOutboxCounts();
  const reach = useConnection();
  const offline = reach !== 'online';
  const keepsNothing = useKeepsNothing();
  const [open, setOpen] = useState(false);
  const { Part: OutboxPanel, again } = useLazyAgain(loadPanel);
  const [unopened, setUnopened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => startOutbox(), []);
  const [waitedLong, setWaitedLong] = useState(false);
  const anyWaiting = waiting > 0;
  useEffect(() => {
    setWaitedLong(false);
    if (!anyWaiting) return undefined;
    const timer = setTimeout(() => setWaitedLong(true), WAITING_SHOWN_AFTER_MS);
    return () => clearTimeout(timer);
  }, [anyWaiting]);
  const said = offline || failed > 0 || waitedLong ? waiting : 0;
  const total = said + failed;
  const shown = offline || total > 0;
  useLayoutEffect(() => (shown && bar.current ? followHeight(bar.current, '--outbox-h') : undefined), [shown]);
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {announcement(reach, said, failed)}
      </p>
      {shown ? (
        <div ref={bar} className={`outbox-bar${reach !== 'online' && total > 0 && !keepsNothing ? ' outbox-bar--both' : ''}`}>
          <div className="container container--wide outbox-bar__inner">
            {reach !== 'online' ? (
              <p className="outbox-bar__offline">
                <Icon name={reach === 'offline' ? 'offline' : 'clock'} size={18} />
                <span>
                  <strong>{HEADLINE[reach]}</strong> <span className="outbox-bar__kept">{keepsNothing ? KEEPS_NOTHING[reach] : KEPT[reach]}</span>
                </span>
              </p>
            ) : null}
            {total > 0 ? (
              <button
                ref={button}
                type="button"
                className="outbox-bar__button"
                aria-haspopup="dialog"
                onClick={() => {
                  setUnopened(false);
                  setOpen(true);
                }}
              >
                <Icon name="outbox" size={18} />
                Waiting to send ({total})
                {failed > 0 ? <span className="outbox-bar__alert">{failed} not accepted</span> : null}
              </button>
            ) : null}
            {unopened ? (
              <p className="outbox-bar__offline" role="status">
                No signal: the list opens once you’re back online.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {open ? (
        <NotLoaded
          onFailed={() => {
            setOpen(false);
            setUnopened(true);
            // A fresh try at the next press.
            again();
          }}
        >
          <OutboxPanel
            onClose={() => {
              setOpen(false);
              // Back to the button, unless the list sent the focus somewhere on purpose (Edit: the form's field).
              if (document.activeElement === null || document.activeElement === document.body) button.current?.focus();
            }}
          />
        </NotLoaded>
      ) : null}
    </>
  );
}

/**
 * The line's words: offline, the device's own signal; online with our server out of reach (down, a captive Wi-Fi), the
 * server's, since "when you're back online" would send someone with full signal looking for a problem they do not have.
 */
const HEADLINE = { offline: 'You’re offline.', unreachable: 'Our server cannot be reached just now.' } as const;
const KEPT = {
  offline: 'What you send is kept on this device and goes when you’re back online.',
  unreachable: 'What you send is kept on this device and goes by itself as soon as it can.',
} as const;
/** The same when the browser keeps nothing for us (db.ts fell back to memory): nothing can wait. */
const KEEPS_NOTHING = {
  offline: 'This browser keeps no data for us, so nothing can wait on it: send things once you’re back online.',
  unreachable: 'This browser keeps no data for us, so nothing can wait on it: please send things again in a minute.',
} as const;

function announcement(reach: Connection, waiting: number, failed: number): string {
  const parts = [reach === 'online' ? '' : reach === 'offline' ? 'You are offline.' : HEADLINE.unreachable];
  if (waiting > 0) parts.push(`${waiting} ${waiting === 1 ? 'item' : 'items'} waiting to send.`);
  if (failed > 0) parts.push(`${failed} not accepted: open Waiting to send to edit or discard.`);
  return parts.filter(Boolean).join(' ');
}
