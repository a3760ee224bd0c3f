import { useEffect } from 'react';
import { signedInUser } from './session.ts';

/** A refused submission brought back to its form: what was typed and what the server said about it. */
export type EditRequest = {
  readonly kind: string;
  readonly values: Readonly<Record<string, string>>;
  readonly fields: Readonly<Record<string, string>>;
  readonly message: string;
  /**
   * The outbox item itself, when it stays there while it is edited (a new booking: its files are in it, and what was
   * queued after it for the same job, its chat, must still follow it). Its form changes it in place when sent again.
   */
  readonly item?: string;
  /**
   * Whose item it is (null: nobody's, a public form's). Kept for the tab's session, a request not taken at once (its
   * page went to the sign-in) was taken by the next account's form in that tab: their name, address and words in it.
   */
  readonly owner: string | null;
};

const KEY = 'sparkright-edit';

/** Hands a refused item to the form of its kind, on this page or the next one (kept for the tab's session). */
export function requestEdit(request: EditRequest): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(request));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(KEY));
}

/** What a form (useForm) offers for taking a refused submission back. */
type EditableForm = {
  fill(values: Readonly<Record<string, string>>): void;
  refuse(fields: Readonly<Record<string, string>>, otherwise?: string): void;
  fail(message: string): void;
  focusIn(): void;
};

/**
 * A form's side of requestEdit: when an item of its kind comes back, the form gets its values again, with the
 * server's messages on the fields it named (or its message under the button when it named none).
 */
export function useEditRequest(
  kind: string,
  { fill, refuse, fail, focusIn }: EditableForm,
  { ready = true, taken }: { ready?: boolean; taken?: (request: EditRequest) => void } = {},
): void {
  useEffect(() => {
    // Not yet (the form's defaults are still being read, and would replace what is put in now).
    if (!ready) return;
    const apply = (request: EditRequest) => {
      fill(request.values);
      if (Object.keys(request.fields).length > 0) refuse(request.fields, request.message);
      else fail(request.message);
      focusIn();
      taken?.(request);
    };
    const take = () => {
      let request: EditRequest | null = null;
      try {
        request = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as EditRequest | null;
      } catch {
        return;
      }
      if (request?.kind !== kind) return;
      sessionStorage.removeItem(KEY);
      // Another account's (or nobody is signed in now): not for this form; their item waits in the outbox for them.
      if (request.owner !== null && request.owner !== signedInUser()?.id) return;
      apply(request);
    };
    take();
    window.addEventListener(KEY, take);
    return () => window.removeEventListener(KEY, take);
  }, [kind, fill, refuse, fail, focusIn, ready, taken]);
}
