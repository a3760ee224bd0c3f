/** The admin portal's sections (seed point 2): each has its own URL, so Back and a reload keep the place. */
export const ADMIN_TABS = ['bookings', 'quotes', 'contacts', 'calendar', 'chat'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/**
 * Where the admin is: the tab, the job whose chat is open, the person whose page is open, the job or quote picked out
 * in its list (a toast's Open: shown, focused), the calendar's month and day, the job list's status filter, order
 * and view.
 */
export type AdminSearch = {
  tab?: AdminTab;
  booking?: string;
  person?: string;
  job?: string;
  quote?: string;
  month?: string;
  day?: string;
  status?: JobFilter;
  when?: JobWhen;
  order?: JobOrder;
  view?: JobView;
};

/** The job list's status filter (the counters set it): the booking statuses of seed point 4. */
export const JOB_FILTERS = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const;
export type JobFilter = (typeof JOB_FILTERS)[number];

/**
 * The job list's other filters, by the day of the work: today's jobs (on today, not cancelled), past jobs still open
 * (confirmed or under way, their last day gone by: to be marked completed, or cancelled), and completed jobs not marked
 * paid (the money still to come in).
 */
export const JOB_WHENS = ['today', 'open', 'unpaid'] as const;
export type JobWhen = (typeof JOB_WHENS)[number];

/** The job list's order besides the default (newest request first): by the day of the work. */
export type JobOrder = 'date';

/** The job list's cards besides the default (everything on each): the few facts for a day's plan, the rest on demand. */
export type JobView = 'compact';

/**
 * Reads the admin's place from the query string; anything malformed is dropped rather than shown as an error
 * page. A plain check, not zod: the route's validateSearch stays in the entry chunk the marketing pages share.
 */
export function adminSearch(search: Record<string, unknown>): AdminSearch {
  const out: AdminSearch = {};
  const tab = search['tab'];
  if (typeof tab === 'string' && (ADMIN_TABS as readonly string[]).includes(tab)) out.tab = tab as AdminTab;
  for (const key of ['booking', 'person', 'job', 'quote'] as const) {
    const value = search[key];
    if (typeof value === 'string' && /^[0-9a-f-]{36}$/.test(value)) out[key] = value;
  }
  const month = search['month'];
  if (typeof month === 'string' && /^\d{4}-(0[1-9]|1[0-2])$/.test(month)) out.month = month;
  const status = search['status'];
  if (typeof status === 'string' && (JOB_FILTERS as readonly string[]).includes(status)) out.status = status as JobFilter;
  const when = search['when'];
  if (typeof when === 'string' && (JOB_WHENS as readonly string[]).includes(when) && out.status === undefined) out.when = when as JobWhen;
  if (search['order'] === 'date') out.order = 'date';
  if (search['view'] === 'compact') out.view = 'compact';
  const day = search['day'];
  if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day)) out.day = day;
  return out;
}

/** The job list's order and view as the admin last chose them, kept on the tablet. */
export type ListLook = Pick<AdminSearch, 'order' | 'view'>;

const LIST_LOOK = 'sparkright-admin-list-look';

/**
 * The order and view the admin last chose for the job list: opened afresh (each morning, the app closed overnight), the
 * list came back as newest first with every card whole, whatever the electrician works by.
 */
export function savedListLook(): ListLook {
  try {
    const kept = adminSearch(JSON.parse(localStorage.getItem(LIST_LOOK) ?? '{}') as Record<string, unknown>);
    return { ...(kept.order ? { order: kept.order } : {}), ...(kept.view ? { view: kept.view } : {}) };
  } catch {
    return {};
  }
}

/** Keeps the job list's order and view for the next time the portal opens. */
export function saveListLook(look: ListLook): void {
  try {
    localStorage.setItem(LIST_LOOK, JSON.stringify(look));
  } catch {
    // Storage blocked: the list opens as it comes.
  }
}
