import { useState } from 'react';

/**
 * The show/hide password switch (seed: the reset screen's toggle): one button that shows or hides every
 * password field of its form. A toggle button (aria-pressed) with a steady name, as screen readers expect.
 */
export function usePasswordToggle(id: string): { type: 'text' | 'password'; toggle: React.ReactNode } {
  const [shown, setShown] = useState(false);
  return {
    type: shown ? 'text' : 'password',
    toggle: (
      <button type="button" id={id} className="auth-toggle" aria-pressed={shown} onClick={() => setShown((s) => !s)}>
        Show password
      </button>
    ),
  };
}
