import { BUSINESS } from '#domain/business.ts';
import { routeTitle } from '#domain/routes.ts';
import type { ClientRoutePath } from '#domain/routes.ts';

/** The business name, shown in the header and appended to every document title. */
export const businessName = BUSINESS.name;

/** A route's `head` for its table entry, so document titles come from the one route table the server also uses. */
export function pageHead(path: ClientRoutePath): { meta: Array<{ title: string }> } {
  return { meta: [{ title: `${routeTitle(path)} | ${businessName}` }] };
}
