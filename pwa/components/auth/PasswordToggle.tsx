import { useState } from 'react';

/**
 * The show/hide password switch (seed: the reset screen's toggle): one button that shows or hides every
 * password field of its form. A toggle button (aria-pressed) with a steady name, as screen readers expect.
 * Where a page has two of them (My Account's password and email forms), `fields` says which fields each shows, heard
 * after the visible words ("Show password: current password, for the new email address"), so the two are told apart.
 */
export function usePasswordToggle(id: string, fields?: string): { type: 'text' | 'password'; toggle: React.ReactNode } {
  const [shown, setShown] = useState(false);
  return {
    type: shown ? 'text' : 'password',
    toggle: (
      <button type="button" id={id} className="auth-toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        Show password
        {fields ? <span className="visually-hidden">: {fields}</span> : null}
      </button>
    ),
  };
}
