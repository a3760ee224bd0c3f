import { useEffect, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { telHref } from '#domain/content/shared.ts';
import { ERASED } from '#domain/limits.ts';
import type { BookingView } from '#domain/views.ts';
import { useNewestInView } from '../../../lib/newest-in-view.ts';
import { toastIfUploadRefused } from '../../../lib/files.ts';
import { toast } from '../../../lib/toast.ts';
import { personName, sendReply } from '../../../offline/admin-commands.ts';
import { deviceDb } from '../../../offline/db.ts';
import { discard, retry } from '../../../offline/outbox.ts';
import { drain } from '../../../offline/sender.ts';
import { afterDrain } from '../../../offline/start.ts';
import { useMessages } from '../../../offline/use-mirror.ts';
import type { Shown } from '../../../offline/use-mirror.ts';
import { AttachmentField } from '../../ui/AttachmentField.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { MessageFiles } from '../../ui/MessageFiles.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';
import { useAdmin } from '../context.ts';
import { goesWhen } from '../goes-when.ts';
import { jobWhen, jobWhenShort, moment } from '../format.ts';
import { ScreenHead } from '../parts.tsx';
import { keepReplyDraft, replyDraft } from '../../../lib/reply-drafts.ts';
import { NoReplyNeeded } from './NoReplyNeeded.tsx';
import { customerReadsChat } from './reach.ts';

/**
 * One job's chat, as the business (the server marks the replies as the business's and names the sender). New
 * customer messages arrive with the 5-second pull; a reply written offline shows at once, marked as waiting,
 * and goes with the outbox, with any photos or documents (a certificate) attached. Empty or blank messages are not
 * sent (seed point 5). A job nobody can read the chat of (taken on the phone with no email address and no account) is
 * the electrician's log of the job (dated entries; the job's Notes are its card's): it is named so, and says above the box that the customer will not see it and
 * which number to ring.
 */
export function ChatThread({
  job,
  back,
  onBack,
  onOpenJob,
}: {
  job: Shown<BookingView>;
  /** The Back button's words: 'Back to …'. */
  back: string;
  onBack: () => void;
  /** To the job's card in Bookings (to confirm it, move it, ring them): the chat was a dead end for what a message asks. */
  onOpenJob: () => void;
}) {
  const { user } = useAdmin();
  const reads = customerReadsChat(job, user.id);
  const messages = useMessages(job.id, user.id);
  // The customer wrote last: "No reply needed" (or that it was marked so) goes between the messages and the box.
  const latest = messages?.at(-1);
  const theirs = reads && latest !== undefined && !latest.isFromAdmin ? latest : undefined;
  // A reply half written here comes back when the chat is opened again (reply-drafts.ts).
  const [text, setTextNow] = useState(() => replyDraft(user.id, job.id)?.text ?? '');
  const [problem, setProblem] = useState('');
  const [note, setNote] = useState('');
  const [files, setFilesNow] = useState<File[]>(() => [...(replyDraft(user.id, job.id)?.files ?? [])]);
  const setText = (next: string) => {
    setTextNow(next);
    keepReplyDraft(user.id, job.id, { text: next, files });
  };
  const setFiles = (next: File[]) => {
    setFilesNow(next);
    keepReplyDraft(user.id, job.id, { text, files: next });
  };
  const section = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const log = useNewestInView();
  const box = useRef<HTMLTextAreaElement>(null);
  const busy = useRef(false);
  useEffect(() => {
    // The chat from its top, under the sticky tabs (opened from a job card, the page was scrolled down the list).
    section.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    heading.current?.focus({ preventScroll: true });
  }, [job.id]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    // A second press while the reply is on its way (the box already emptied for it) is that press again, not an empty
    // reply: "Message cannot be empty" under a reply being sent read as if it had been lost.
    if (busy.current) return;
    const content = text.trim();
    if (!content) {
      setProblem('Message cannot be empty');
      box.current?.focus();
      return;
    }
    setProblem('');
    setTextNow('');
    // The reply shows at the end of the log: there, also when older messages were being read.
    log.toNewest();
    const sending = files;
    setFilesNow([]);
    keepReplyDraft(user.id, job.id, { text: '', files: [] });
    busy.current = true;
    const outcome = await sendReply(job, content, user, sending).finally(() => {
      busy.current = false;
    });
    if (outcome.kind === 'queued') setNote(`Saved on this device: it goes ${goesWhen(outcome.why)}.`);
    else setNote('');
    if (outcome.kind === 'refused' || outcome.kind === 'failed') {
      // Back in the box, before whatever was typed (and picked) there while it went: put in its place, it took that away.
      const since = replyDraft(user.id, job.id);
      const back = since?.text.trim() ? `${content}\n\n${since.text}` : content;
      const withFiles = [...sending, ...(since?.files ?? [])];
      setTextNow(back);
      setFilesNow(withFiles);
      keepReplyDraft(user.id, job.id, { text: back, files: withFiles });
      if (!(outcome.kind === 'refused' && toastIfUploadRefused(outcome))) void toast.error('Error', 'Failed to send message. Please try again.');
      setProblem(outcome.message);
    }
  };
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void send();
  };

  return (
    <div ref={section} className="admin-section admin-chat">
      <ScreenHead title={reads ? `Chat with ${personName(job) || 'the customer'}` : logTitle(job)} headingRef={heading}>
        {/* 'Back' beside the heading on a phone, where the rest ('to all chats') is only read out: the messages the more room. */}
        <button type="button" className="btn btn--secondary admin-btn admin-chat__back" onClick={onBack}>
          Back<span className="admin-chat__back-to">{back.replace(/^Back/, '')}</span>
        </button>
      </ScreenHead>
      {/* The job as its card shows it: the device's copy with the changes still waiting laid over it, and marked so. On a
          phone one line: its status, its days in few words and the way to the job; all of it is read out, and shown on a
          wider screen. */}
      <p className="admin-chat__job">
        <StatusBadge status={job.status} /> <span className="admin-chat__kind">{serviceTypeLabel(job.serviceType)}</span>{' '}
        <span className="admin-chat__when">
          <span className="admin-chat__when-full">· {jobWhen(job)}</span>
          <span className="admin-chat__when-short" aria-hidden="true">
            · {jobWhenShort(job)}
          </span>
        </span>
        {job.waiting ? <span className={`admin-chip admin-chip--${job.waiting.state}`}>{job.waiting.state === 'failed' ? 'Not accepted' : 'Waiting to send'}</span> : null}
        {/* A call may answer faster than a message; a Log's own note above the box gives the number already. */}
        {reads && job.phone && job.phone !== ERASED ? (
          <a className="btn btn--secondary admin-btn admin-btn--compact admin-chat__call" href={telHref(job.phone)}>
            <Icon name="phone" size={16} />
            <span className="admin-chat__open-words">Call</span>
            <span className="visually-hidden">
              {' '}
              {personName(job) || 'the customer'} on {job.phone}
            </span>
          </a>
        ) : null}
        <button type="button" className="btn btn--secondary admin-btn admin-btn--compact admin-chat__open" onClick={onOpenJob}>
          {/* On a phone the arrow alone, at the end of the job's line (its day and hours stay whole); the words are read out. */}
          <span className="admin-chat__open-words">Open the job</span>
          <Icon name="arrow-right" size={16} />
        </button>
      </p>
      {/* The newest message in view: the log scrolls, not the page (which would put the heading under the tabs). */}
      <div ref={log.ref} className="admin-messages" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
        <ol className="admin-messages__list">
          {messages === undefined ? <li className="admin-muted">Loading messages…</li> : null}
          {messages?.length === 0 ? <li className="admin-muted admin-chat__empty">{reads ? 'No messages yet. Write the first one below.' : 'Nothing logged yet.'}</li> : null}
          {messages?.map((message) => (
            <li key={message.id} className={`admin-message admin-message--${message.isFromAdmin ? 'us' : 'them'}`}>
              {/* Who and when on one line on a phone: the business's side there says the name only (the bubble's side and
                  colour say it is the team's), and '(… team)' is read out. */}
              <p className="admin-message__who">
                {message.isFromAdmin ? (
                  <>
                    {message.senderName || 'You'}
                    <span className="admin-message__team"> ({BUSINESS.name} team)</span>
                  </>
                ) : (
                  message.senderName || 'Customer'
                )}
                <span className="admin-message__when"> · {moment(message.createdAt)}</span>
              </p>
              <p className="admin-message__text">{message.content}</p>
              <MessageFiles text={message.attachments} />
              {message.waiting ? (
                <p className={`admin-message__state admin-message__state--${message.waiting.state}`}>
                  {message.waiting.state === 'failed' ? `Not accepted: ${message.waiting.message ?? ''}` : 'Waiting to send'}
                </p>
              ) : null}
              {message.waiting?.state === 'failed' ? <RefusedActions messageId={message.id} content={message.content} onChoice={() => box.current?.focus()} /> : null}
            </li>
          ))}
        </ol>
      </div>
      {theirs ? <NoReplyNeeded job={job} latest={theirs} /> : null}
      {reads ? null : <NobodyReads job={job} />}
      <form className={reads ? 'admin-composer' : 'admin-composer admin-composer--log'} onSubmit={(event) => void send(event)} noValidate>
        <label htmlFor="admin-reply" className="admin-select__label">
          {reads ? 'Your reply' : 'New entry'}
        </label>
        <textarea
          id="admin-reply"
          ref={box}
          rows={3}
          value={text}
          maxLength={5000}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKey}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[problem ? 'admin-reply-error' : '', reads ? '' : 'admin-reply-nobody'].join(' ').trim() || undefined}
        />
        {problem ? (
          <p id="admin-reply-error" className="field__error" role="alert">
            {problem}
          </p>
        ) : null}
        <AttachmentField files={files} onChange={setFiles} per="message" label="Add photos or documents" compact />
        <div className="admin-actions">
          <button type="submit" className="btn btn--primary admin-btn">
            <Icon name="send" size={18} />
            {reads ? 'Send' : 'Add to the log'}
          </button>
          <p className="admin-muted" role="status">
            {note}
          </p>
        </div>
      </form>
    </div>
  );
}

/** The heading of a job's log (its chat nobody else reads): whose job, when there is a name to say. */
function logTitle(job: BookingView): string {
  const name = personName(job);
  return name && job.firstName !== ERASED ? `Log of ${name}’s job` : 'Log of this job';
}

/**
 * Above the box of a job whose customer cannot read its chat: they will not see what is written, and the number to
 * ring instead (none for an erased customer, or a job with no phone). On a phone two lines at most, for the log's sake:
 * '{name} will not see this. Ring {phone}.', the rest (no email, no account) read out there (the box's description), the
 * heading having said it is a log.
 */
function NobodyReads({ job }: { job: BookingView }) {
  const erased = job.email === ERASED || job.firstName === ERASED;
  const phone = job.phone && job.phone !== ERASED ? job.phone : null;
  return (
    <div id="admin-reply-nobody" className="admin-warning admin-chat__nobody">
      {erased ? (
        <p>
          <strong>Nobody will see this.</strong>
          <span className="admin-chat__nobody-why"> The customer’s details were erased: what you write here stays in your own log of the job.</span>
        </p>
      ) : (
        <p>
          <strong>
            {job.firstName || 'The customer'} will not see this<span className="admin-chat__nobody-why">, and nobody is told</span>.
          </strong>
          <span className="admin-chat__nobody-why"> The job has no email address or customer account: this is your own log of the job.</span>
        </p>
      )}
      {erased ? null : phone ? (
        <p>
          <span className="admin-chat__nobody-why">To tell them, ring them on </span>
          <span className="admin-chat__nobody-short" aria-hidden="true">
            Ring{' '}
          </span>
          <a href={telHref(phone)}>{phone}</a>.
        </p>
      ) : (
        <p>There is no phone number on the job either.</p>
      )}
    </div>
  );
}

/**
 * Send again or discard a reply the server refused (found in the outbox by the message's client-made id). Either takes
 * the buttons away: `onChoice` puts the focus somewhere first (the reply box). Each names its reply.
 */
function RefusedActions({ messageId, content, onChoice }: { messageId: string; content: string; onChoice: () => void }) {
  const which = <span className="visually-hidden"> “{content.length > 40 ? `${content.slice(0, 40)}…` : content}”</span>;
  const act = async (what: 'retry' | 'discard') => {
    onChoice();
    const item = (await deviceDb().outbox.where('kind').equals('message').toArray()).find((i) => i.body['id'] === messageId);
    if (!item) return;
    if (what === 'discard') await discard(item.id);
    else {
      await retry(item.id);
      await afterDrain(await drain({ force: true, queue: true }));
    }
  };
  return (
    <div className="admin-actions">
      <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => void act('retry')}>
        Send again{which}
      </button>
      <button type="button" className="btn btn--secondary admin-btn admin-btn--compact" onClick={() => void act('discard')}>
        Discard{which}
      </button>
    </div>
  );
}
