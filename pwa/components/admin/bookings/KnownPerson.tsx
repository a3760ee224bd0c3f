import { useMemo, useState } from 'react';
import type { RefObject } from 'react';
import { LIMITS } from '#domain/limits.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { Field } from '../../ui/Field.tsx';
import { knownBy, knownPeople } from './known-people.ts';
import type { KnownPerson } from './known-people.ts';

type Records = Parameters<typeof knownPeople>[0];

/**
 * A returning customer (they rang again), for the admin's forms of a new record (Add Manual Booking, New quote): their
 * number or address typed, the rest of what the tablet knows of them goes into the fields still empty, as on their latest
 * job or quote, and the form says so (`filledFrom`, for a status line). Offered as the field is typed (a list under it).
 */
export function useKnownPerson(records: Records, form: RefObject<HTMLFormElement | null>) {
  const people = useMemo(() => knownPeople(records), [records]);
  const [filledFrom, setFilledFrom] = useState('');
  const fill = (field: 'email' | 'phone', value: string) => {
    const person = knownBy(field, value, people);
    const element = form.current;
    if (!person || !element) return;
    let filled = false;
    for (const name of ['firstName', 'lastName', 'phone', 'email', 'address'] as const) {
      const input = element.elements.namedItem(name);
      const known = person[name];
      if (!(input instanceof HTMLInputElement) || input.value !== '' || !known) continue;
      input.value = known;
      // Heard as typed: the form's checks and its draft follow.
      input.dispatchEvent(new Event('input', { bubbles: true }));
      filled = true;
    }
    if (filled) setFilledFrom(`Filled in from ${personName(person)}’s latest ${person.from}: check it is still right.`);
  };
  return { people, fill, filledFrom };
}

/**
 * The Phone and Email fields of the admin's forms for a new record, each with the known customers listed under it
 * (useKnownPerson): picking or typing one fills in the rest.
 */
export function ReachFields({
  form,
  errors,
  start,
  known,
}: {
  /** The form's id (the fields' ids are made from it). */
  form: string;
  errors: Partial<Record<'phone' | 'email', string>>;
  /** What each field opens with (a draft's value, or ''). */
  start: (name: 'phone' | 'email') => string;
  known: ReturnType<typeof useKnownPerson>;
}) {
  return (
    <>
      <Field form={form} name="phone" label="Phone" error={errors.phone}>
        {(p) => (
          <input
            {...p}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            maxLength={LIMITS.phone}
            list={`${form}-known-phones`}
            defaultValue={start('phone')}
            onChange={(event) => known.fill('phone', event.currentTarget.value)}
          />
        )}
      </Field>
      <Field form={form} name="email" label="Email" error={errors.email}>
        {(p) => (
          <input
            {...p}
            type="email"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            maxLength={LIMITS.email}
            list={`${form}-known-emails`}
            defaultValue={start('email')}
            onChange={(event) => known.fill('email', event.currentTarget.value)}
          />
        )}
      </Field>
      <datalist id={`${form}-known-phones`}>
        {known.people.map((person) =>
          person.phone ? <option key={`p${person.phone}${person.email ?? ''}`} value={person.phone} label={knownLabel(person)} /> : null,
        )}
      </datalist>
      <datalist id={`${form}-known-emails`}>
        {known.people.map((person) => (person.email ? <option key={`e${person.email}`} value={person.email} label={knownLabel(person)} /> : null))}
      </datalist>
    </>
  );
}

/** A known customer as the list under Phone and Email names them: who, and where they were last. */
function knownLabel(person: KnownPerson): string {
  const name = personName(person);
  return person.address ? `${name} · ${person.address}` : name;
}
