import { useState } from 'react';

/**
 * A password field's attributes: its type (shown or not) and none of a keyboard's help, which, once the password is
 * shown as text, capitalised its first letter and "corrected" its words (a sign-in refused for the right password, an
 * account made with one its owner never meant), and whose spell-check may send it to be checked elsewhere.
 */
export type PasswordInput = { type: 'text' | 'password'; autoCapitalize: 'none'; autoCorrect: 'off'; spellCheck: false };

const AS_TYPED = { autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** For a password field with no Show password of its own (the admin's sign-in). */
export const PASSWORD_FIELD: PasswordInput = { ...AS_TYPED, type: 'password' };

/**
 * The show/hide password switch (seed: the reset screen's toggle): one button that shows or hides every
 * password field of its form. A toggle button (aria-pressed) with a steady name, as screen readers expect.
 * Where a page has two of them (My Account's password and email forms), `fields` says which fields each shows, heard
 * after the visible words ("Show password: current password, for the new email address"), so the two are told apart.
 */
export function usePasswordToggle(id: string, fields?: string): { input: PasswordInput; toggle: React.ReactNode } {
  const [shown, setShown] = useState(false);
  return {
    input: { ...AS_TYPED, type: shown ? 'text' : 'password' },
    toggle: (
      <button type="button" id={id} className="auth-toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        Show password
        {fields ? <span className="visually-hidden">: {fields}</span> : null}
      </button>
    ),
  };
}
