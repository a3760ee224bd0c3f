import { useLayoutEffect, useState } from 'react';

/**
 * Where the toasts are drawn: in the page's body, or inside the modal dialog open over the page. A modal dialog
 * (showModal) puts the rest of the page under its backdrop and makes it inert, whatever its z-index: a toast there was
 * dimmed and could not be pressed (the sign-in dialog's own "Login Failed", news that came meanwhile). So the toasts'
 * element moves into the top-most open modal dialog while there is one, and back into the body once it has closed or
 * gone; moved rather than drawn again, so the toasts on screen stay. `inDialog` says which.
 */
export function useToastLayer(): { element: HTMLElement; inDialog: boolean } {
  const [element] = useState(() => document.createElement('div'));
  const [inDialog, setInDialog] = useState(false);
  useLayoutEffect(() => {
    // The modal dialogs open, in the order they opened (the last is on top).
    const opened = [...document.querySelectorAll('dialog')].filter(isModal);
    let removals: MutationObserver | null = null;
    const place = () => {
      for (let i = opened.length - 1; i >= 0; i--) if (!isModal(opened[i]!)) opened.splice(i, 1);
      const top = opened.at(-1) ?? null;
      const parent = top ?? document.body;
      if (element.parentNode !== parent) parent.append(element);
      setInDialog(top !== null);
      // A dialog taken out of the page while open (its screen went) changes no `open`: watched for while one holds the
      // toasts, when little else on the page changes.
      if (top && !removals) {
        removals = new MutationObserver(place);
        removals.observe(document.body, { childList: true, subtree: true });
      } else if (!top && removals) {
        removals.disconnect();
        removals = null;
      }
    };
    const opens = new MutationObserver((records) => {
      for (const { target } of records) {
        if (!(target instanceof HTMLDialogElement) || !isModal(target)) continue;
        if (opened.includes(target)) opened.splice(opened.indexOf(target), 1);
        opened.push(target);
      }
      place();
    });
    opens.observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
    place();
    return () => {
      opens.disconnect();
      removals?.disconnect();
      element.remove();
    };
  }, [element]);
  return { element, inDialog };
}

function isModal(dialog: HTMLDialogElement): boolean {
  return dialog.isConnected && dialog.open && dialog.matches(':modal');
}
