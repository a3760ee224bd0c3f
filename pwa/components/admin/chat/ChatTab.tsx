import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import type { BookingView } from '#domain/views.ts';
import { personName } from '../../../offline/admin-commands.ts';
import type { Thread } from '../../../offline/admin-data.ts';
import type { Shown } from '../../../offline/use-mirror.ts';
import { everything, matcher, searchCache } from '../find.ts';
import { jobWhen, moment, startOf } from '../format.ts';
import type { AdminSearch, AdminTab } from '../search.ts';
import { useAdmin } from '../context.ts';
import { ShowMore, useBackToRow, usePages } from '../more.tsx';
import { foundWords, Gone, noMatch, ScreenHead, SearchBox } from '../parts.tsx';
import { ChatThread } from './ChatThread.tsx';
import { customerReadsChat } from './reach.ts';

/**
 * Chat (seed point 2): pick a job, then chat with its customer as the business. The list puts the customers
 * waiting for an answer first, then the latest conversations, thirty at a time. A job whose customer cannot read its chat (taken on the
 * phone, no email and no account) is marked as the electrician's log, so a reply there never looks like one the customer got.
 * Memoised: a pull that brings nothing for it does not draw it again.
 */
export const ChatTab = memo(function ChatTab({
  bookings,
  threads,
  bookingId,
  backTo,
  returnTo,
  onReturned,
  go,
}: {
  bookings: Array<Shown<BookingView>> | undefined;
  /** Each job's chat summed up (threadsOf): the New badges, the counts and the order. */
  threads: ReadonlyMap<string, Thread>;
  bookingId: string | undefined;
  /** Where Back goes: the job list, calendar day or other tab the chat was opened from, else the chat's own list of jobs. */
  backTo: AdminSearch;
  /** The job whose chat the admin just left for this list: its row takes the focus (null once it has). */
  returnTo: string | null;
  onReturned: () => void;
  go: (search: AdminSearch) => void;
}) {
  const { user } = useAdmin();
  const [query, setQuery] = useState('');
  // Thirty at a time, as the job list: Show more puts the focus on the first new job's button.
  const pages = usePages('button', query);
  const { shown, list: listRef, more } = pages;
  const job = bookingId ? bookings?.find((b) => b.id === bookingId) : undefined;
  const list = useMemo(() => {
    const matches = matcher(query);
    const rows = (bookings ?? []).filter((b) => matches === everything || matches(chatSearchable(b)));
    const rank = (b: BookingView) => {
      const t = threads.get(b.id);
      return [t?.unanswered ? 0 : 1, t ? 0 : 1, t?.latestAt ?? b.createdAt] as const;
    };
    return rows.sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1] || (x[2] < y[2] ? 1 : x[2] > y[2] ? -1 : 0);
    });
  }, [bookings, threads, query]);

  // Back from a chat, its row (drawn, however far down the list) has the focus; not in the list, the heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useBackToRow(
    bookingId === undefined ? returnTo : null,
    bookings === undefined ? undefined : list,
    pages,
    onReturned,
    useCallback(() => heading.current, []),
  );

  if (bookingId && bookings !== undefined) {
    const back = BACK[backTo.tab ?? 'bookings'];
    // Its own state per chat (a reply half typed stays with its chat): a toast's Open chat goes from one chat to another.
    return job ? (
      <ChatThread key={job.id} job={job} back={back} onBack={() => go(backTo)} onOpenJob={() => go({ tab: 'bookings', job: job.id })} />
    ) : (
      <Gone what="This job" back={back} onBack={() => go(backTo)} />
    );
  }
  return (
    <div className="admin-section">
      <ScreenHead title="Chat" headingRef={heading}>
        <p className="admin-muted">Pick a job to chat with its customer.</p>
      </ScreenHead>
      <div className="admin-filters">
        <SearchBox
          label="Find a job"
          value={query}
          onChange={setQuery}
          placeholder="Name, phone, address…"
          found={bookings === undefined ? '' : foundWords(list.length, 'job')}
        />
      </div>
      {bookings === undefined ? (
        <p className="admin-empty">Loading jobs…</p>
      ) : list.length === 0 ? (
        <p className="admin-empty">{bookings.length === 0 ? 'No bookings yet: a chat belongs to a job.' : noMatch('jobs')}</p>
      ) : (
        <>
          <ul ref={listRef} className="admin-threads">
            {list.slice(0, shown).map((b) => {
              const thread = threads.get(b.id);
              const notes = !customerReadsChat(b, user.id);
              return (
                <li key={b.id}>
                  <button type="button" className="admin-thread" data-chat-for={b.id} onClick={() => go({ tab: 'chat', booking: b.id })}>
                    <span className="admin-thread__name">
                      {personName(b) || 'No name'}
                      {thread?.unanswered ? <span className="admin-new">New</span> : null}
                      {thread?.noReplyNeeded ? <span className="admin-chip admin-thread__chip">No reply needed</span> : null}
                      {notes ? <span className="admin-chip admin-thread__chip">Log only</span> : null}
                    </span>
                    <span className="admin-thread__meta">
                      {serviceTypeLabel(b.serviceType)} · {jobWhen(b)}
                    </span>
                    <span className="admin-thread__meta">
                      {notes
                        ? `No email or account: the customer cannot see it. ${thread ? `${thread.count} ${thread.count === 1 ? 'entry' : 'entries'}` : 'Nothing logged yet'}`
                        : thread
                          ? `${thread.count} ${thread.count === 1 ? 'message' : 'messages'}, latest ${moment(thread.latestAt ?? '')}`
                          : 'No messages yet'}
                    </span>
                    {/* How the latest message starts: "URGENT: no power" and "Thanks!" look alike as a count and a time. */}
                    {thread ? (
                      <span className="admin-thread__latest">
                        {notes ? null : <strong>{thread.latestFromAdmin ? 'You' : b.firstName || 'They'}: </strong>}“{startOf(thread.latest)}”
                      </span>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
          <ShowMore total={list.length} shown={shown} onMore={more} />
        </>
      )}
    </div>
  );
});

/** A job's fields as the chat list's search compares them, made once per job (find.ts searchCache). */
const chatSearchable = searchCache((b: BookingView) => [personName(b), b.email, b.phone, b.address]);

/** A chat's Back button, by where it goes: where the chat was opened from (a toast's Open chat opens it from any tab). */
const BACK: Readonly<Record<AdminTab, string>> = {
  bookings: 'Back to Bookings',
  quotes: 'Back to To Be Quoted',
  contacts: 'Back to Contacts',
  calendar: 'Back to Calendar',
  chat: 'Back to all chats',
};
