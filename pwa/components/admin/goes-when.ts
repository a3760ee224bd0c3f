import type { WaitingWhy } from '../../offline/submit.ts';

/**
 * When a change kept on the tablet goes to the server, as the end of the sentence the admin's toasts and notes say of
 * it ("Ann Example: confirmed. It is sent when you’re back online."), for why it waits (submit.ts WaitingWhy). The
 * tablet's own signal is named only when the browser says it has none: with signal, "when you’re back online" sent the
 * electrician looking for a fault in their Wi-Fi while it was our server that was down, out of reach or busy.
 */
export function goesWhen(why: WaitingWhy): string {
  switch (why) {
    case 'offline':
      return 'when you’re back online';
    case 'unreachable':
      return 'as soon as the server can be reached';
    case 'busy':
      return 'as soon as the server can take it';
    case 'slow':
      return 'as soon as the slow connection lets it through';
    case 'sign-in':
      return 'once you have signed in again';
  }
}
