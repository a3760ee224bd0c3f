import { useRef, useState } from 'react';
import type { ChangeEvent, KeyboardEvent } from 'react';

/**
 * A native select whose choice acts at once (a job's status: each change is sent, and some mail the customer). On
 * Windows and Linux a keyboard's arrows step a closed select through its options with a change at every step, so an
 * electrician arrowing from pending to completed would have confirmed the job (a mail) and started it on the way.
 * A choice made with those keys is held and shown, and made when Enter is pressed or the select is left; Escape drops
 * it. A choice made with a pointer, or in the list opened with Alt+arrow, F4 or Space, is made at once.
 */
export function useKeyedChoice(value: string, choose: (value: string) => void) {
  const [held, setHeld] = useState<string | null>(null);
  const stepping = useRef(false);
  const make = () => {
    if (held === null) return;
    setHeld(null);
    if (held !== value) choose(held);
  };
  return {
    /** The option stepped to and not yet made, when it differs from the value. */
    held: held !== null && held !== value ? held : null,
    props: {
      value: held ?? value,
      onPointerDown: () => {
        stepping.current = false;
      },
      onKeyDown: (event: KeyboardEvent<HTMLSelectElement>) => {
        if (event.key === 'Enter' || event.key === 'Escape') {
          if (held === null) return;
          event.preventDefault();
          if (event.key === 'Enter') make();
          else setHeld(null);
          return;
        }
        if (event.key === 'Tab' || event.key === 'Shift') return;
        stepping.current = !(event.altKey || event.key === 'F4' || event.key === ' ');
      },
      onChange: (event: ChangeEvent<HTMLSelectElement>) => {
        if (stepping.current) return setHeld(event.target.value);
        setHeld(null);
        choose(event.target.value);
      },
      onBlur: make,
    },
  };
}
