import { Fragment } from 'react';
import { yearsOfExperience } from '#domain/business.ts';
import { YEARS_PLACEHOLDER } from '#domain/content/shared.ts';

/**
 * Copy with the `{years}` placeholder, the number filled in from the year established. The number is the
 * one place a page depends on today's date, so its span keeps the prerendered value while hydrating
 * (suppressHydrationWarning): a page built in December and opened in January shows last year's count
 * until the next build instead of breaking hydration.
 */
export function WithYears({ text }: { text: string }) {
  const parts = text.split(YEARS_PLACEHOLDER);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <span suppressHydrationWarning>{yearsOfExperience()}</span> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
