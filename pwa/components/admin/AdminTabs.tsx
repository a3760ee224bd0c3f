import { useRef } from 'react';
import type { KeyboardEvent } from 'react';
import { ADMIN_TABS } from './search.ts';
import type { AdminTab } from './search.ts';

/** Each tab's name, and the shorter one small screens show (seed point 2: Jobs, Quotes, Cal). */
const NAMES: Readonly<Record<AdminTab, { long: string; short: string }>> = {
  bookings: { long: 'Bookings', short: 'Jobs' },
  quotes: { long: 'To Be Quoted', short: 'Quotes' },
  contacts: { long: 'Contacts', short: 'Contacts' },
  calendar: { long: 'Calendar', short: 'Cal' },
  chat: { long: 'Chat', short: 'Chat' },
};

/**
 * The five tabs as a WAI-ARIA tab list: one tab stop, arrow keys, Home and End move between tabs and open
 * them; each tab is its own URL (?tab=…). The quotes tab carries the number of pending quotes, the contacts tab the
 * number of enquiries not answered yet, the chat tab the number of chats whose customer waits for an answer; each
 * count is part of its tab's name for a screen reader.
 */
export function AdminTabs({
  current,
  pendingQuotes,
  waitingEnquiries,
  waitingChats,
  onSelect,
}: {
  current: AdminTab;
  pendingQuotes: number;
  waitingEnquiries: number;
  waitingChats: number;
  onSelect: (tab: AdminTab) => void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ADMIN_TABS.indexOf(current);
    const next =
      event.key === 'ArrowRight' ? (index + 1) % ADMIN_TABS.length
      : event.key === 'ArrowLeft' ? (index - 1 + ADMIN_TABS.length) % ADMIN_TABS.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? ADMIN_TABS.length - 1
      : -1;
    if (next < 0) return;
    event.preventDefault();
    const tab = ADMIN_TABS[next]!;
    onSelect(tab);
    list.current?.querySelector<HTMLButtonElement>(`#admin-tab-${tab}`)?.focus();
  };
  return (
    <div className="admin-tabs" role="tablist" aria-label="Admin sections" ref={list} onKeyDown={move}>
      {ADMIN_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={`admin-tab-${tab}`}
          aria-selected={tab === current}
          aria-controls={tab === current ? `admin-panel-${tab}` : undefined}
          tabIndex={tab === current ? 0 : -1}
          className="admin-tab"
          onClick={() => onSelect(tab)}
        >
          <span className="admin-tab__long">{NAMES[tab].long}</span>
          <span className="admin-tab__short">{NAMES[tab].short}</span>
          {tab === 'quotes' && pendingQuotes > 0 ? <Badge count={pendingQuotes} words="pending" /> : null}
          {tab === 'contacts' && waitingEnquiries > 0 ? <Badge count={waitingEnquiries} words="waiting for an answer" /> : null}
          {tab === 'chat' && waitingChats > 0 ? <Badge count={waitingChats} words="waiting for an answer" /> : null}
        </button>
      ))}
    </div>
  );
}

/** A tab's count; `words` say what it counts to a screen reader (the badge alone reads as a bare number). */
function Badge({ count, words }: { count: number; words: string }) {
  return (
    <span className="admin-tab__badge">
      {count}
      <span className="visually-hidden"> {words}</span>
    </span>
  );
}
