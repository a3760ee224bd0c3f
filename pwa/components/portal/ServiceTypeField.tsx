import { useEffect, useState, type Ref } from 'react';
import { BUSINESS } from '#domain/business.ts';
import { TEL_HREF } from '#domain/content/shared.ts';
import { PORTAL_SERVICE_TYPES } from '#domain/content/service-types.ts';
import { Field } from '../ui/Field.tsx';

/** The service that is no booking to wait for an answer on: chosen, the field says to call. */
const EMERGENCY = 'emergency_callout';

/**
 * The portal's service list (seed point 3: the admin's eight plus 'other'), required, as both booking forms ask it.
 * Emergency Callout chosen, it says to call now: booked here, an emergency waited for the reply a request gets.
 */
export function ServiceTypeField({ form, error, selectRef }: { form: string; error: string | undefined; selectRef?: Ref<HTMLSelectElement> }) {
  const [picked, setPicked] = useState('');
  // A booking sent empties its form (reset fires no change): the note goes with the choice.
  useEffect(() => {
    const owner = (document.getElementById(`${form}-serviceType`) as HTMLSelectElement | null)?.form;
    const cleared = () => setPicked('');
    owner?.addEventListener('reset', cleared);
    return () => owner?.removeEventListener('reset', cleared);
  }, [form]);
  return (
    <>
      <Field form={form} name="serviceType" label="Service type" error={error} required>
        {(p) => (
          <select {...p} ref={selectRef} defaultValue="" onChange={(event) => setPicked(event.target.value)}>
            <option value="">Choose a service</option>
            {PORTAL_SERVICE_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <p className="field__hint portal-emergency" role="status" hidden={picked !== EMERGENCY}>
        {picked === EMERGENCY ? (
          <>
            <strong>An emergency? Please call us now on <a href={TEL_HREF}>{BUSINESS.phone}</a></strong> ({BUSINESS.emergency}). A booking made here is
            answered {BUSINESS.replyPromise}.
          </>
        ) : null}
      </p>
    </>
  );
}
