import { useEffect, useRef, useState } from 'react';
import { cachedUser, onSignedIn } from '../../offline/session.ts';
import { refreshSession } from '../../offline/session-check.ts';

/** What the server said of the session: whose it is, that there is none, or nothing (no answer in time). */
export type SessionCheck = { kind: 'checking' } | { kind: 'signed-in'; id: string } | { kind: 'signed-out' } | { kind: 'unreachable' };

/** How long the page waits for the server's answer before it goes by what the device knows (a dead mobile link). */
export const CHECK_WAIT_MS = 5_000;

/**
 * Asks the server who is signed in (`refreshSession`: the answer also updates the device's cached user), again
 * whenever `known` changes (the device's user, signed in or out meanwhile in another tab). A later answer still
 * counts after the wait ran out; a sign-in on this page is the server's word too. `enabled` false: no question (the
 * e-mail confirmation link asks its own).
 */
export function useSessionCheck(enabled: boolean, known: string | null): SessionCheck {
  const [check, setCheck] = useState<SessionCheck>({ kind: 'checking' });
  const latest = useRef(check);
  latest.current = check;
  useEffect(() => {
    if (!enabled) return;
    // The server has just named this user (its answer cached them, which changed `known`): no second question.
    const now = latest.current;
    if (now.kind === 'signed-in' && now.id === known) return;
    let alive = true;
    setCheck({ kind: 'checking' });
    const wait = setTimeout(() => {
      if (alive) setCheck((previous) => (previous.kind === 'checking' ? { kind: 'unreachable' } : previous));
    }, CHECK_WAIT_MS);
    void refreshSession().then((answer) => {
      if (!alive) return;
      clearTimeout(wait);
      setCheck(answer === 'offline' ? { kind: 'unreachable' } : answer === null ? { kind: 'signed-out' } : { kind: 'signed-in', id: answer.id });
    });
    return () => {
      alive = false;
      clearTimeout(wait);
    };
  }, [enabled, known]);
  // Signed in on this page (the form's answer named the user): that is the server's word already.
  useEffect(
    () =>
      onSignedIn(() => {
        const user = cachedUser();
        if (user) setCheck({ kind: 'signed-in', id: user.id });
      }),
    [],
  );
  return check;
}
