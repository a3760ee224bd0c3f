import { useEffect, useRef, useState } from 'react';
import { toast } from '../../lib/toast.ts';
import type { SubmitOutcome, WaitingWhy } from '../../offline/submit.ts';
import { useConnection } from '../../offline/use-outbox.ts';
import { goesWhen } from './goes-when.ts';

/** What the toast confirming a mark says, and what its Undo names for a screen reader. */
export type MarkWords = { readonly title: string; readonly words: string; readonly undo: string };

/**
 * A mark the admin makes and takes back through the outbox ("No reply needed" on a chat, "Answered" on an enquiry):
 * `send(true)` makes it, confirmed by a toast with Undo; `send(false)` takes it back. The focus follows to what shows
 * once it has moved (`done`, the line saying it is marked; `ask`, the button that marks), as the button pressed goes.
 * `saved`: while the mark still waits on this device (`waiting`), why, in words (no signal, our server out of reach or
 * busy), said only then, not in the moment a change takes to go; '' otherwise.
 */
export function useMark(marked: boolean, waiting: boolean, send: (mark: boolean) => Promise<SubmitOutcome>, words: MarkWords) {
  const done = useRef<HTMLParagraphElement>(null);
  const ask = useRef<HTMLButtonElement>(null);
  const [moving, setMoving] = useState<'mark' | 'undo' | null>(null);
  const [queued, setQueued] = useState<WaitingWhy | null>(null);
  const reach = useConnection();
  useEffect(() => {
    if (moving === 'mark' && marked) done.current?.focus();
    else if (moving === 'undo' && !marked) ask.current?.focus();
    else return;
    setMoving(null);
  }, [moving, marked]);

  /** Sends the mark (or its undoing); says so and answers false when it was not taken. */
  const move = async (to: boolean): Promise<boolean> => {
    setMoving(to ? 'mark' : 'undo');
    const outcome = await send(to);
    setQueued(outcome.kind === 'queued' ? outcome.why : null);
    if (outcome.kind !== 'refused' && outcome.kind !== 'failed') return true;
    setMoving(null);
    void toast.error(to ? 'Not marked' : 'Not taken back', outcome.message);
    return false;
  };

  // The toast's Undo may be pressed after the mark's screen was left: it takes the mark back all the same.
  const onUndo = async () => {
    await move(false);
  };

  const onMark = async () => {
    if (await move(true)) void toast.success(words.title, words.words, { action: { label: 'Undo', more: words.undo, onClick: () => void onUndo() } });
  };

  const why = queued ?? (reach === 'online' ? null : reach);
  const saved = waiting && why ? ` Saved on this device: it goes ${goesWhen(why)}.` : '';
  return { done, ask, saved, onMark, onUndo };
}
