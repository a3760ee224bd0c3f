import { useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Icon } from '../ui/Icon.tsx';

/**
 * A modal dialog (the native <dialog> with showModal): focus moves into it and stays there, Escape closes it,
 * and the page behind is inert. The caller puts focus back where it was (after a frame: the dialog must be gone).
 */
export function Modal({ title, onClose, children, wide }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const ref = useRef<HTMLDialogElement>(null);
  // Layout effect: the dialog is closed while still in the page, so the browser lifts the page's inertness
  // before the caller moves focus back.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog ref={ref} className={`admin-modal${wide ? ' admin-modal--wide' : ''}`} aria-labelledby="admin-modal-title" onClose={onClose}>
      <div className="admin-modal__head">
        <h2 id="admin-modal-title">{title}</h2>
        <button type="button" className="admin-icon-btn" onClick={() => ref.current?.close()}>
          <Icon name="close" size={22} />
          <span className="visually-hidden">Close</span>
        </button>
      </div>
      {children}
    </dialog>
  );
}
