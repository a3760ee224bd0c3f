import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { isEnquiry } from '#domain/deciders/contact.ts';
import { telHref } from '#domain/content/shared.ts';
import type { BookingView, ContactView } from '#domain/views.ts';
import type { ShownQuote } from '../../../offline/admin-data.ts';
import type { Shown } from '../../../offline/use-mirror.ts';
import { everything, matcher, searchable, searchCache } from '../find.ts';
import { moment } from '../format.ts';
import type { AdminSearch } from '../search.ts';
import { PAGE, ShowMore, usePages } from '../more.tsx';
import { foundWords, Gone, noMatch, ScreenHead, SearchBox } from '../parts.tsx';
import { AnsweredMark } from './AnsweredMark.tsx';
import { PersonPage } from './PersonPage.tsx';
import { whoseKey } from './whose.ts';

const ERASED = '[erased]';

/** A contact's fields as Find a contact compares them, made once per contact (find.ts searchCache). */
const contactSearchable = searchCache((c: ContactView) => [`${c.firstName} ${c.lastName ?? ''}`, c.email, c.phone, c.service, c.details]);

/** The addresses of someone with no job or quote that has one: nothing a search finds. */
const NOWHERE = searchable([]);

/** Whether a contact was made by a booking or quote request rather than written to us (seed point 2). */
function fromBooking(contact: ContactView): boolean {
  return !isEnquiry(contact);
}

/** Whether someone wrote to us (the contact form, a support request) and has not been answered yet: the Contacts tab's count. */
export function enquiryWaits(contact: ContactView): boolean {
  return isEnquiry(contact) && contact.answeredAt === null && contact.email !== ERASED;
}

/**
 * Contacts (seed point 2): everyone who wrote (the contact form, or a support request from /support) or booked,
 * newest first and thirty at a time, with the ones made from bookings marked, and those who wrote marked until they
 * are answered (ADR 033); each opens the person's page (their jobs, quotes and messages, and erasure).
 * Memoised: a pull that brings nothing for it does not draw it again.
 */
export const ContactsTab = memo(function ContactsTab({
  contacts,
  bookings,
  quotes,
  person,
  go,
}: {
  contacts: Array<Shown<ContactView>> | undefined;
  bookings: BookingView[] | undefined;
  quotes: ShownQuote[] | undefined;
  person: string | undefined;
  go: (search: AdminSearch) => void;
}) {
  const [query, setQuery] = useState('');
  // Only the enquiries still to be answered (the tab's count), or everyone: those waiting when it was pressed stay
  // listed once marked answered (the card says so, with its Mark as not answered and the focus on it; leaving the list,
  // the card took the focus with it).
  const [waitingOnly, setWaitingOnly] = useState<ReadonlySet<string> | null>(null);
  // Thirty at a time (500 cards were all built): Show more puts the focus on the first new contact's name.
  const { shown, setShown, list, more } = usePages('h3', `${query}|${waitingOnly !== null}`);
  const waitingCount = useMemo(() => (contacts ?? []).filter(enquiryWaits).length, [contacts]);
  // Where each person's jobs and quotes are: a customer is found by their street or postcode too, as Find a job finds them.
  const places = useMemo(() => {
    const addresses = new Map<string, string[]>();
    for (const row of [...(bookings ?? []), ...(quotes ?? [])]) {
      const key = whoseKey(row);
      if (!key || !row.address) continue;
      const theirs = addresses.get(key);
      if (theirs) theirs.push(row.address);
      else addresses.set(key, [row.address]);
    }
    return new Map([...addresses].map(([key, list]) => [key, searchable(list)]));
  }, [bookings, quotes]);
  const matching = useMemo(() => {
    const matches = matcher(query);
    const found = (c: ContactView) => matches(contactSearchable(c)) || matches(places.get(whoseKey(c)) ?? NOWHERE);
    return (contacts ?? []).filter((c) => (!waitingOnly || waitingOnly.has(c.id) || enquiryWaits(c)) && (matches === everything || found(c)));
  }, [contacts, query, waitingOnly, places]);
  const open = person ? contacts?.find((contact) => contact.id === person) : undefined;
  // Made by a request: a booking's, or a quote request's alone (both come in as a booking, the seed's way; the chip
  // said "From a booking" for someone who had only asked for a price).
  // Matched as the person's page matches them: by address, or for someone with none by their number (every phone-only
  // contact was "From a booking" while any job had no address).
  const booked = useMemo(() => new Set((bookings ?? []).map(whoseKey)), [bookings]);
  const quoted = useMemo(() => new Set((quotes ?? []).map(whoseKey)), [quotes]);
  const madeBy = (contact: ContactView): string => {
    const key = whoseKey(contact);
    return !booked.has(key) && quoted.has(key) ? 'From a quote request' : 'From a booking';
  };
  // Back from a person's page, the focus (and so the screen) goes to their card's Open button, as it was before it
  // opened; after an erasure their card no longer opens, and the list is fetched again: the focus goes to the heading.
  // (The person's page may have been scrolled far down, to Erase: left there, a phone showed the site's footer.)
  const heading = useRef<HTMLHeadingElement>(null);
  const [returnTo, setReturnTo] = useState<string | null>(null);
  useEffect(() => {
    if (returnTo === null || person !== undefined || contacts === undefined) return;
    // Their card drawn first, when it is further down the list than is shown (opened from a toast, say).
    const index = returnTo === '' ? -1 : matching.findIndex((contact) => contact.id === returnTo);
    if (index >= shown) return setShown(Math.ceil((index + 1) / PAGE) * PAGE);
    const button = returnTo === '' ? null : document.querySelector<HTMLElement>(`[data-contact-open="${CSS.escape(returnTo)}"]`);
    if (button) button.focus();
    else {
      heading.current?.focus({ preventScroll: true });
      window.scrollTo({ top: 0, behavior: 'instant' });
    }
    setReturnTo(null);
  }, [returnTo, person, contacts, matching, shown, setShown]);

  if (person && contacts !== undefined) {
    return open ? (
      <PersonPage
        contact={open}
        madeFromBooking={fromBooking(open)}
        bookings={bookings ?? []}
        quotes={quotes ?? []}
        go={go}
        onBack={(erased) => {
          setReturnTo(erased ? '' : open.id);
          go({ tab: 'contacts' });
        }}
      />
    ) : (
      <Gone what="This contact" back="Back to Contacts" onBack={() => go({ tab: 'contacts' })} />
    );
  }
  return (
    <div className="admin-section">
      <ScreenHead title="Contacts" headingRef={heading} />
      {contacts && contacts.length > 0 ? (
        <div className="admin-filters">
          <SearchBox
            label="Find a contact"
            value={query}
            onChange={setQuery}
            placeholder="Name, email, phone, address…"
            found={foundWords(matching.length, 'contact')}
          />
        </div>
      ) : null}
      {contacts && contacts.length > 0 ? (
        <div className="admin-count-row">
          <p className="admin-count">{waitingCount === 0 ? 'Nobody is waiting for an answer.' : `${waitingCount} waiting for an answer`}</p>
          <button
            type="button"
            className="btn btn--secondary admin-btn admin-btn--compact"
            aria-pressed={waitingOnly !== null}
            onClick={() => setWaitingOnly(waitingOnly ? null : new Set(contacts.filter(enquiryWaits).map((contact) => contact.id)))}
          >
            Only those waiting
          </button>
        </div>
      ) : null}
      {contacts === undefined ? (
        <p className="admin-empty">Loading contacts…</p>
      ) : contacts.length === 0 ? (
        <p className="admin-empty">There are no customer contacts yet.</p>
      ) : matching.length === 0 ? (
        <p className="admin-empty">{waitingOnly !== null && query.trim() === '' ? 'Everyone who wrote to you has been answered.' : noMatch('contacts')}</p>
      ) : (
        <>
          <ul ref={list} className="admin-cards admin-contacts">
            {matching.slice(0, shown).map((contact) => {
              const erased = contact.email === ERASED;
              const name = erased ? 'Erased person' : `${contact.firstName} ${contact.lastName ?? ''}`.trim();
              return (
                <li key={contact.id} className="admin-card admin-contact">
                  <div className="admin-card__head">
                    <h3 tabIndex={-1} className="admin-card__title">
                      {name}
                    </h3>
                    {fromBooking(contact) ? (
                      <span className="admin-chip admin-chip--booking">{madeBy(contact)}</span>
                    ) : (
                      <span className="admin-chip">{contact.source === 'support' ? 'Support request' : 'Contact form'}</span>
                    )}
                    {enquiryWaits(contact) ? <span className="admin-chip admin-chip--waiting">Needs an answer</span> : null}
                  </div>
                  {erased ? (
                    <p className="admin-muted">Personal data erased. Their jobs remain, without their details.</p>
                  ) : (
                    <>
                      <p className="admin-contact__line">
                        {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : null}
                        {contact.phone ? (
                          <>
                            {contact.email ? ' · ' : null}
                            <a href={telHref(contact.phone)}>{contact.phone}</a>
                          </>
                        ) : null}
                      </p>
                      {contact.source === 'support' ? <p className="admin-contact__about">Help with: {contact.service}</p> : null}
                      {!fromBooking(contact) ? <p className="admin-contact__details">{contact.details}</p> : null}
                    </>
                  )}
                  <p className="admin-muted">Since {moment(contact.createdAt)}</p>
                  {erased ? null : (
                    <div className="admin-contact__actions">
                      <button type="button" className="btn btn--secondary admin-btn" data-contact-open={contact.id} onClick={() => go({ tab: 'contacts', person: contact.id })}>
                        Open<span className="visually-hidden"> {name}&rsquo;s page</span>
                      </button>
                      {isEnquiry(contact) ? <AnsweredMark contact={contact} name={name} /> : null}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
          <ShowMore total={matching.length} shown={shown} onMore={more} />
        </>
      )}
    </div>
  );
});
