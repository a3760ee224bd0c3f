import { useEffect, useRef, useState } from 'react';
import { holdReplyDraft, keepReplyDraft, replyDraft } from '../../lib/reply-drafts.ts';
import type { FormEvent } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { MSG } from '#domain/messages.ts';
import type { MessageView, UserView } from '#domain/views.ts';
import { newCommandId } from '../../lib/api.ts';
import { useNewestInView } from '../../lib/newest-in-view.ts';
import { toastIfUploadRefused } from '../../lib/files.ts';
import { toastSaved } from '../../lib/queue-form.ts';
import { toast } from '../../lib/toast.ts';
import { deviceDb } from '../../offline/db.ts';
import { keepAnswer } from '../../offline/record-copy.ts';
import { submit } from '../../offline/submit.ts';
import { KINDS } from '../../offline/kinds.ts';
import { type MirrorSync, useBookings, useCopyLacks, useMessages } from '../../offline/use-mirror.ts';
import { WaitingBadge } from './BookingCard.tsx';
import { formatSchedule, formatWhen } from './format.ts';
import { MessageFiles } from '../ui/MessageFiles.tsx';
import { AttachmentField } from '../ui/AttachmentField.tsx';
import { markRepliesSeen } from './replies.ts';
import { emptyBecause, signInToSee } from './copy-state.ts';
import { CopyFailed } from './CopyFailed.tsx';
import { VerifyNotice } from './VerifyNotice.tsx';

/** How the business's messages are signed in the customer's chat (seed: the admin's messages carry the team's label). */
export const TEAM_LABEL = `${BUSINESS.shortName} team`;

/**
 * A booking's chat (seed point 2): its messages, the customer's under their name ('Customer' when there is
 * none), the admin's under the team's label; new ones appear within 5 s while online (the portal looks every
 * 5 s). Messages go through the outbox: offline they show as waiting and go after the booking they belong to.
 * The heading takes focus when the chat opens; Back returns to the list.
 */
export function BookingChat({ user, bookingId, copy, onBack }: { user: UserView; bookingId: string; copy: MirrorSync; onBack: () => void }) {
  const bookings = useBookings(user.id);
  const messages = useMessages(bookingId, user.id);
  const booking = bookings?.find((b) => b.id === bookingId);
  const notHere = useCopyLacks(user.id, bookingId) && booking === undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const log = useNewestInView();
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A message half written here comes back when the chat is opened again (reply-drafts.ts).
  const [files, setFilesNow] = useState<File[]>(() => [...(replyDraft(user.id, bookingId)?.files ?? [])]);
  const messageBox = useRef<HTMLTextAreaElement>(null);
  const setFiles = (next: File[]) => {
    setFilesNow(next);
    keepReplyDraft(user.id, bookingId, { text: messageBox.current?.value ?? '', files: next });
  };
  const busy = useRef(false);
  const senderName = `${user.firstName} ${user.lastName}`.trim() || 'Customer';

  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    // From its top (the back button) under the sticky header, the message box and Send at the bottom of the same screen.
    section.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  // Open, the chat's replies are seen: the booking's card no longer says there is a new one.
  useEffect(() => {
    const latest = messages?.filter((message) => !message.waiting).at(-1);
    if (latest) markRepliesSeen(bookingId, latest.createdAt);
  }, [messages, bookingId]);

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // One message at a time (the button stays focusable while it goes: aria-disabled, not disabled).
    if (busy.current) return;
    const form = event.currentTarget;
    const box = form.elements.namedItem('content') as HTMLTextAreaElement;
    const content = box.value.trim();
    if (content === '') {
      setError(MSG.messageEmpty);
      box.focus();
      return;
    }
    setError(null);
    // The message shows at the end of the log: there, also when older messages were being read.
    log.toNewest();
    busy.current = true;
    setSending(true);
    let outcome: Awaited<ReturnType<typeof submit>>;
    try {
      outcome = await submit(
        {
          id: newCommandId(),
          kind: KINDS.message,
          values: { content },
          label: `Message about ${booking ? serviceTypeLabel(booking.serviceType) : 'your booking'}`,
          method: 'POST',
          path: `/api/bookings/${bookingId}/messages`,
          body: { id: newCommandId(), content, senderName, isFromAdmin: false, attachments: [] },
          record: bookingId,
          owner: user.id,
          // Photos and documents go up first (kept as Blobs while there is no signal); the message then names them.
          files: files.map((file) => ({ blob: file, name: file.name })),
          filesField: files.length > 0 ? 'attachments' : null,
        },
        // Its words kept for the tab go once the outbox has it: a reload while the answer was slow put them back, to be
        // sent twice.
        { place: { top: true }, kept: () => holdReplyDraft(bookingId) },
      );
    } finally {
      busy.current = false;
      setSending(false);
    }
    if (outcome.kind === 'sent' || outcome.kind === 'queued') {
      box.value = '';
      setFiles([]);
      keepReplyDraft(user.id, bookingId, { text: '', files: [] });
      if (outcome.kind === 'sent') {
        const message = outcome.data as MessageView | null;
        if (message?.id) await keepAnswer(deviceDb(), 'messages', message, user.id);
        // At the top on a phone: at the bottom it covered the message box for its five seconds.
        void toast.success('Message Sent', 'We have it, and we are letting the team know by email.', { top: true });
      } else {
        toastSaved(outcome, { top: true });
      }
      return;
    }
    // A photo refused (too large, not a kind we take) says so; it stays picked for the customer to take out.
    keepReplyDraft(user.id, bookingId, { text: box.value, files });
    if (!(outcome.kind === 'refused' && toastIfUploadRefused(outcome, { top: true })))
      void toast.error('Failed to Send', 'Could not send message. Please try again.', { top: true });
    setError(outcome.message);
  };

  return (
    <section ref={section} className="portal-chat" aria-labelledby="chat-title">
      <button type="button" className="btn btn--secondary btn--small" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to my bookings
      </button>
      <h2 id="chat-title" ref={heading} tabIndex={-1}>
        Chat about {booking ? serviceTypeLabel(booking.serviceType) : 'your booking'}
      </h2>
      {booking ? <p className="portal-muted">{formatSchedule(booking)}</p> : null}
      {notHere ? (
        // A reply mail's link opened in another account, or in one whose address is not confirmed yet: "No messages yet"
        // and a message box that could only be refused read as if the reply had been lost.
        user.emailVerified ? (
          <p role="status">
            This booking is not in the account you are signed in to ({user.email}), so its messages cannot be shown here. If we have it under another email
            address, sign in with that one.
          </p>
        ) : (
          <>
            <p role="status">If this booking was made under your email address, it and its messages appear here once the address is confirmed.</p>
            <VerifyNotice user={user} />
          </>
        )
      ) : /* Opened from a mailed link on a device with no copy yet: the reply the mail announced is not "no messages". */
      messages === undefined || (messages.length === 0 && emptyBecause(copy) === 'loading') ? (
        <p role="status">Loading messages…</p>
      ) : messages.length === 0 && emptyBecause(copy) === 'signed-out' ? (
        <p role="status">{signInToSee('messages')}</p>
      ) : messages.length === 0 && emptyBecause(copy) === 'failed' ? (
        <CopyFailed words="We could not load the messages. Please try again." onRetry={copy.refresh} />
      ) : (
        <div className="portal-chat__log" ref={log.ref} role="log" aria-label="Messages" tabIndex={0}>
          {/* A short chat sits at the foot of a tall log, by the message box: the empty top said nothing, and read as a chat
              that had not loaded. It says the chat starts there. */}
          {messages.length > 0 ? <p className="portal-chat__start">Your messages with us about this booking start here.</p> : null}
          <ol>
            {messages.length === 0 ? <li className="portal-muted portal-chat__empty">No messages yet. Ask us anything about this booking.</li> : null}
            {messages.map((message) => (
              <li key={message.id} className={`portal-message${message.isFromAdmin ? ' portal-message--team' : ' portal-message--mine'}`}>
                <div className="portal-message__meta">
                  <strong>{message.isFromAdmin ? TEAM_LABEL : message.senderName || 'Customer'}</strong>{' '}
                  <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time> <WaitingBadge waiting={message.waiting} />
                </div>
                <p>{message.content}</p>
                <MessageFiles text={message.attachments} />
              </li>
            ))}
          </ol>
        </div>
      )}
      {notHere ? null : (
        <form className="portal-chat__form" noValidate onSubmit={(event) => void send(event)}>
          <div className="field">
            <label htmlFor="chat-content">Your message</label>
            <textarea
              id="chat-content"
              name="content"
              rows={3}
              maxLength={5000}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'chat-error' : undefined}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) event.currentTarget.form?.requestSubmit();
              }}
              ref={messageBox}
              defaultValue={replyDraft(user.id, bookingId)?.text}
              // The error is about the message as it was: typing puts it right, so it goes.
              onInput={(event) => {
                setError(null);
                keepReplyDraft(user.id, bookingId, { text: event.currentTarget.value, files });
              }}
            />
            {error ? (
              <p id="chat-error" className="field__error" role="alert">
                {error}
              </p>
            ) : null}
          </div>
          <AttachmentField files={files} onChange={setFiles} per="message" label="Add photos or documents" compact />
          <button type="submit" className="btn btn--primary" aria-disabled={sending || undefined}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </form>
      )}
    </section>
  );
}
