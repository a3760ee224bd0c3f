import { useEffect, useState } from 'react';
import type { Outcome } from '../../lib/api.ts';

/**
 * Whether the server says a mailed reset link no longer works (used, more than an hour old, or not one of its own),
 * asked as its page opens: found out only after a new password had been typed twice, it was one form too many. No
 * answer (no signal, the server away) is no verdict: the form stays, and says so if it is refused when sent.
 */
export function useLinkGone(token: string | undefined, ask: (token: string) => Promise<Outcome<unknown>>): boolean {
  const [gone, setGone] = useState(false);
  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    void ask(token).then((answer) => {
      if (live && !answer.ok && answer.status === 400) setGone(true);
    });
    return () => {
      live = false;
    };
  }, [token, ask]);
  return gone;
}
