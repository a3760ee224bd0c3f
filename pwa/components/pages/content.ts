import { withYearsDeep } from '#domain/content/shared.ts';

/**
 * Page copy with its `{years}` placeholder filled from the year established. Prerendering (at build time)
 * and hydration (in the visitor's browser) both use today's date, so their markup agrees as long as both
 * fall in the same calendar year. Caveat: rebuild and redeploy at least once a year, just after 1 January;
 * a page built in December and opened in January would differ by one year, and React would then throw the
 * prerendered markup away and render the page again on the client (correct text, but a wasted paint).
 */
export function withCurrentYears<T>(content: T): T {
  return withYearsDeep(content);
}
