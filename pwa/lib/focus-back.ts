import { useEffect, useRef } from 'react';

/**
 * The button that opened something shown in its place (Add Manual Booking, New quote, a job's notes): once it closes
 * with `closing()` called first (Cancel, nothing made), the focus goes back to the button, drawn on the page again. The
 * focus otherwise fell to the page's body, and a keyboard or screen-reader user started again from the top.
 */
export function useFocusBack(open: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const back = useRef(false);
  useEffect(() => {
    if (open || !back.current) return;
    back.current = false;
    button.current?.focus();
  }, [open]);
  return {
    button,
    closing: () => {
      back.current = true;
    },
  };
}
