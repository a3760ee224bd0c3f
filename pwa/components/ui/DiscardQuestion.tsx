import { useId } from 'react';

/** The classes of the question's parts, from the portal whose form asks it (the admin's and the customer's have their own CSS). */
export type DiscardLook = { box: string; actions: string; keep: string; discard: string };

/**
 * Asked inside a form opened in place when Escape would throw away what was typed (useEscapeToClose): by the admin's
 * inline forms and the customer's Change dates. The focus on Keep editing: one Escape or Enter too many keeps the work,
 * as the customer's own questions do.
 */
export function DiscardQuestion({ onDiscard, onKeep, look }: { onDiscard: () => void; onKeep: () => void; look: DiscardLook }) {
  const id = useId();
  return (
    <div className={look.box} role="group" aria-labelledby={id}>
      <p id={id}>
        <strong>Discard your changes?</strong>
      </p>
      <div className={look.actions}>
        <button type="button" className={look.keep} autoFocus onClick={onKeep}>
          Keep editing
        </button>
        <button type="button" className={look.discard} onClick={onDiscard}>
          Discard
        </button>
      </div>
    </div>
  );
}
