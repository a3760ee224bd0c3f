import type { Ref } from 'react';
import { PORTAL_SERVICE_TYPES } from '#domain/content/service-types.ts';
import { Field } from '../ui/Field.tsx';

/** The portal's service list (seed point 3: the admin's eight plus 'other'), required, as both booking forms ask it. */
export function ServiceTypeField({ form, error, selectRef }: { form: string; error: string | undefined; selectRef?: Ref<HTMLSelectElement> }) {
  return (
    <Field form={form} name="serviceType" label="Service type" error={error} required>
      {(p) => (
        <select {...p} ref={selectRef} defaultValue="">
          <option value="">Choose a service</option>
          {PORTAL_SERVICE_TYPES.map((type) => (
            <option key={type.value} value={type.value}>
              {type.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
