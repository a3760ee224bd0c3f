import type { QuoteEdit } from '../../../offline/admin-quote-commands.ts';
import type { OutboxItem } from '../../../offline/db.ts';
import { QUOTE_KINDS } from '../../../offline/kinds.ts';
import { readableLabel } from '../../../offline/labels.ts';
import { discard } from '../../../offline/outbox.ts';
import { YourChange } from './QuoteConflict.tsx';

/**
 * A change to a quote that was deleted on another device before it landed (kinds.ts whenGone): it can never be saved,
 * so it says so, shows what the admin typed (to copy somewhere else if it still matters) and lets them discard it. No
 * Send again: it would only be refused again. `named`: the item's own words head it (no card says whose quote it was).
 */
export function GoneChange({ item, named = false }: { item: OutboxItem; named?: boolean }) {
  return (
    <div className="admin-gone-change">
      {named ? <p className="admin-version__title">{readableLabel(item.label)}</p> : null}
      <p>{item.error?.message}</p>
      {item.kind === QUOTE_KINDS.update ? <YourChange mine={item.values as Partial<QuoteEdit>} /> : null}
      <div className="admin-actions">
        <button type="button" className="btn btn--secondary admin-btn" onClick={() => void discard(item.id)}>
          Discard the change
        </button>
      </div>
    </div>
  );
}

/** On a quote's card (kept while the tab is open): its change that can no longer land. */
export function GoneChangePanel({ item }: { item: OutboxItem }) {
  const id = `quote-gone-${item.id}`;
  return (
    <section className="admin-problem" aria-labelledby={id}>
      <h4 id={id}>Deleted on another device</h4>
      <GoneChange item={item} />
    </section>
  );
}

/**
 * At the top of To Be Quoted: the changes to quotes deleted on another device whose cards are not on screen (the page
 * was opened again since), each named, so none waits unseen in "Waiting to send".
 */
export function GoneChanges({ items }: { items: readonly OutboxItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="admin-problem" aria-labelledby="quotes-gone">
      <h3 id="quotes-gone">Deleted on another device</h3>
      <ul className="admin-gone-list">
        {items.map((item) => (
          <li key={item.id}>
            <GoneChange item={item} named />
          </li>
        ))}
      </ul>
    </section>
  );
}
