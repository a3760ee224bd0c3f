import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_FINISH_TIME, DEFAULT_START_TIME, LIMITS } from '#domain/limits.ts';
import type { UserView } from '#domain/views.ts';
import { useForm } from '../../lib/form.ts';
import type { FormSchema } from '../../lib/form.ts';
import { blank, seedToasts } from '../auth/checks.ts';
import { FormCard, SubmitRow } from '../home/fields.tsx';
import { Field } from '../ui/Field.tsx';
import { AttachmentField } from '../ui/AttachmentField.tsx';
import { BOOKING_KIND, bookingCommand, sendBooking } from './booking-command.ts';
import type { OutboxFile } from '../../offline/db.ts';
import type { Command } from '../../offline/outbox.ts';
import { useEditRequest, type EditRequest } from '../../offline/edit.ts';
import { ServiceTypeField } from './ServiceTypeField.tsx';
import { AlreadyBooked } from './AlreadyBooked.tsx';
import { OutsideHours } from './OutsideHours.tsx';
import { lastCustomerDay } from '#domain/days.ts';
import { today } from './format.ts';
import { useBookings } from '../../offline/use-mirror.ts';
import { changedValues, draftsInMemory } from '../../lib/drafts.ts';
import { dropStoredDraft, storeDraft, storedDraft } from '../../lib/form-draft.ts';
import { ADDRESS_HINT, BOOKING_FIELDS } from '../../lib/booking-fields.ts';
import { finishFollowsStart, hoursFollowDays, timeTyped } from '../../lib/finish-date.ts';

const FIELDS = BOOKING_FIELDS;
const loadSchema = async (): Promise<FormSchema> => (await import('./booking-schema.ts')).portalBookingSchema;
const checks = seedToasts([
  { failed: blank('startDate', 'finishDate'), title: 'Please select dates', description: 'Choose start and finish dates for the electrical work' },
]);

/**
 * New Booking (seed point 2): every field of the seed, the days and times of the work (09:00–17:00 unless
 * changed, and again after each booking), and photos or documents; the phone and address of the last booking. Sent through the outbox: with no connection
 * it is kept on the device with its files and shows in My Bookings as waiting. What was typed stays while another tab
 * is looked at (a draft in memory), and a booking the server refused later comes back here to be corrected.
 */
export function NewBookingForm({ user }: { user: UserView }) {
  const [files, setFilesNow] = useState<File[]>([]);
  // The photos picked before the page was loaded again: they could not be kept with the words (form-draft.ts), so the
  // customer is told which to add again, rather than find out from the electrician that none came.
  const [lostFiles, setLostFiles] = useState<string[]>([]);
  // A booking the server refused, brought back here to be corrected (its outbox item stays until it is sent again).
  const [editing, setEditingNow] = useState<Editing | null>(null);
  const formEl = useRef<HTMLFormElement | null>(null);
  // The work, days, hours and address picked, for the customer's own booking of them already (AlreadyBooked) and the
  // business's hours (OutsideHours): read as they are typed, and after each fill of the form.
  const [work, setWork] = useState(NO_WORK);
  const setFiles = (next: File[]) => {
    setFilesNow(next);
    keepDraft(user.id, formEl.current, next, editing);
  };
  const first = today();
  const last = lastCustomerDay(first);
  // The booking of a press that failed (a browser that keeps no data sends at once, and an answer lost on the way said
  // "could not reach" though the server had it): pressed again with the same words and files, the same booking goes
  // again, under the same key and id, and the server answers the repeat; a new one made a second booking.
  const failedTry = useRef<{ payload: string; command: Command } | null>(null);
  const onValid = useCallback(
    async (values: Record<(typeof FIELDS)[number], string>) => {
      const payload = JSON.stringify({ values, files: files.map((file) => [file.name, file.size, file.lastModified]) });
      const again = !editing && failedTry.current?.payload === payload ? failedTry.current.command : null;
      const command = again ?? (editing ? bookingCommand(user, values, files, { bookingId: editing.bookingId, kept: editing.files }) : bookingCommand(user, values, files));
      // The draft kept for the tab goes once the outbox has the booking (form.ts says why), and comes back if it did not go.
      const kept = () => dropStoredDraft(BOOKING_KIND);
      const outcome = await sendBooking<(typeof FIELDS)[number]>(command, editing ? { replaces: editing.item, kept } : { kept });
      if (outcome.kind === 'invalid' || outcome.kind === 'failed') keepDraft(user.id, formEl.current, files, editing);
      failedTry.current = outcome.kind === 'failed' && !editing ? { payload, command } : null;
      if (outcome.kind === 'sent' || outcome.kind === 'saved') {
        setFilesNow([]);
        setEditingNow(null);
        drafts.drop(user.id);
        dropStoredDraft(BOOKING_KIND);
        setLostFiles([]);
      }
      return outcome;
    },
    [user, files, editing],
  );
  const form = useForm({ fields: FIELDS, loadSchema, onValid });
  const { errors, status, sending, formProps } = form;
  // The phone and address of the customer's latest booking (the one just sent too), so a second booking does not ask
  // again; they are only defaults, for a job at another address. The inputs start again once the device's copy has
  // been read (it is there within moments of the portal opening).
  const bookings = useBookings(user.id);
  const latest = bookings?.find((booking) => booking.phone || booking.address);
  const known = bookings === undefined ? 'reading' : 'read';
  // A new booking half typed here when a refused one comes back to be corrected: put aside, not lost, with a way back.
  const [putAside, setPutAside] = useState<BookingDraft | null>(() => asideDrafts.get(user.id) ?? null);
  // Taken back once the defaults are in (they would replace what is put in now), with its files from the outbox.
  const taken = useCallback(
    (request: EditRequest) => {
      // Filled with the refused booking (useEditRequest fills, then calls this): its service, days and address.
      setWork(workOf(formEl.current));
      if (request.item === undefined) return;
      const before = drafts.get(user.id);
      if (before && !before.editing && typedWork(before)) {
        asideDrafts.set(user.id, before);
        setPutAside(before);
      }
      void refusedBooking(request.item, user.id).then((found) => {
        if (!found) return;
        setEditingNow(found.editing);
        setFilesNow(found.files);
        keepDraft(user.id, formEl.current, found.files, found.editing);
      });
    },
    [user.id],
  );
  // What was typed here before the customer looked at another tab (an old booking's address, a quote) comes back, once
  // the defaults are in; an edit request taken at the same moment comes after it, and wins.
  const { fill } = form;
  const restored = useRef(false);
  useEffect(() => {
    if (known !== 'read' || restored.current) return;
    restored.current = true;
    const draft = drafts.get(user.id);
    if (!draft) {
      // Nothing in memory: the page was loaded again (Reload, or a phone that dropped it while its camera was open).
      // The words and days typed come back, for this account only (form-draft.ts); photos cannot be kept that way.
      const stored = storedDraft(BOOKING_KIND);
      if (!stored) return;
      // Into the fields not typed in since the page opened (the copy may have taken a moment), and kept in memory as
      // every draft is, so a refused booking taken back for correcting puts it aside rather than over it.
      fill(stored, { untouched: true });
      if (formEl.current) hoursFollowDays(formEl.current, { quiet: true });
      setWork(workOf(formEl.current));
      keepDraft(user.id, formEl.current, [], null);
      setLostFiles(namesOf(stored[FILE_NAMES]));
      return;
    }
    fill(draft.values);
    // Times it did not keep follow its days again (they had, before the customer looked at another tab).
    if (!draft.editing && formEl.current) hoursFollowDays(formEl.current, { quiet: true });
    setWork(workOf(formEl.current));
    setFilesNow([...draft.files]);
    setEditingNow(draft.editing);
  }, [known, fill, user.id]);
  useEditRequest(BOOKING_KIND, form, { ready: known === 'read', taken });
  // The booking that was typed comes back; the refused one stays in Waiting to send, to be corrected from there later.
  const putBack = () => {
    if (!putAside || !formEl.current) return;
    // Into the form as it came: the draft holds only what was changed in it, and the refused booking fills every field.
    formEl.current.reset();
    fill(putAside.values);
    hoursFollowDays(formEl.current, { quiet: true });
    setWork(workOf(formEl.current));
    setFilesNow([...putAside.files]);
    setEditingNow(null);
    setPutAside(null);
    asideDrafts.drop(user.id);
    drafts.set(user.id, { ...putAside, editing: null });
  };
  const ref = (element: HTMLFormElement | null) => {
    formEl.current = element;
    (formProps.ref as { current: HTMLFormElement | null }).current = element;
  };
  return (
    <FormCard
      id="new-booking-title"
      title="Book electrical work"
      level={2}
      formProps={{
        ...formProps,
        ref,
        onSubmitCapture: checks,
        onReset: () => setWork(NO_WORK),
        onInput: (event) => {
          formProps.onInput();
          const form = event.currentTarget;
          const changed = (event.target as { name?: unknown }).name;
          if (changed === 'startDate' || changed === 'finishDate') hoursFollowDays(form);
          else if (changed === 'startTime' || changed === 'finishTime') timeTyped(event.target);
          setWork((before) => workOf(form, before));
          // Not for the tab while it is on its way (useForm's onItsWay says why).
          keepDraft(user.id, event.currentTarget, files, editing, !sending);
        },
      }}
    >
      {editing ? (
        <p className="portal-note field--full" role="note">
          This is your booking that was not accepted{editing.message ? `: ${editing.message}` : ''}. Correct it and press Submit booking to send it again; its
          photos and documents are still here.
        </p>
      ) : null}
      {putAside ? (
        <div className="portal-note field--full" role="note">
          <p>The booking you were typing here is put aside{editing ? ' while you correct this one' : ''}, not lost.</p>
          <button type="button" className="btn btn--secondary btn--small" onClick={putBack}>
            Put back the booking I was typing
          </button>
        </div>
      ) : null}
      <Field form="booking" name="firstName" label="First name" error={errors.firstName} required>
        {(p) => <input {...p} type="text" autoComplete="given-name" maxLength={LIMITS.name} defaultValue={user.firstName} />}
      </Field>
      <Field form="booking" name="lastName" label="Last name" error={errors.lastName}>
        {(p) => <input {...p} type="text" autoComplete="family-name" maxLength={LIMITS.name} defaultValue={user.lastName} />}
      </Field>
      <Field form="booking" name="email" label="Email" error={errors.email}>
        {(p) => <input {...p} type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.email} defaultValue={user.email} />}
      </Field>
      <Field form="booking" name="phone" label="Phone" error={errors.phone}>
        {(p) => <input {...p} key={known} type="tel" autoComplete="tel" inputMode="tel" maxLength={LIMITS.phone} defaultValue={latest?.phone ?? ''} />}
      </Field>
      <ServiceTypeField form="booking" error={errors.serviceType} />
      <Field form="booking" name="address" label="Address of the work" error={errors.address} hint={ADDRESS_HINT}>
        {(p) => <input {...p} key={known} type="text" autoComplete="street-address" maxLength={LIMITS.address} defaultValue={latest?.address ?? ''} />}
      </Field>
      <fieldset className="field-group field--full">
        <legend>When should we do the work?</legend>
        <div className="form-grid portal-when">
          <Field form="booking" name="startDate" label="Start date" error={errors.startDate} required>
            {(p) => <input {...p} type="date" min={first} max={last} onChange={finishFollowsStart} />}
          </Field>
          <Field form="booking" name="finishDate" label="Finish date" error={errors.finishDate} required>
            {(p) => <input {...p} type="date" min={first} max={last} />}
          </Field>
          <Field form="booking" name="startTime" label="Start time" error={errors.startTime}>
            {(p) => <input {...p} type="time" step={900} defaultValue={DEFAULT_START_TIME} />}
          </Field>
          <Field form="booking" name="finishTime" label="Finish time" error={errors.finishTime}>
            {(p) => <input {...p} type="time" step={900} defaultValue={DEFAULT_FINISH_TIME} />}
          </Field>
        </div>
      </fieldset>
      <OutsideHours fitted job={{ startDate: work.start || null, finishDate: work.finish || null, startTime: work.startTime || null, finishTime: work.finishTime || null }} />
      <AlreadyBooked bookings={bookings} work={{ ...work, editing: editing?.bookingId }} />
      <Field
        form="booking"
        name="description"
        label="Describe the work"
        error={errors.description}
        optional
        full
        hint="What needs doing, and anything we should know about access or parking."
      >
        {(p) => <textarea {...p} rows={4} maxLength={LIMITS.description} />}
      </Field>
      {lostFiles.length > 0 && files.length === 0 ? (
        <p className="portal-note field--full" role="note">
          The page was loaded again, and the {lostFiles.length === 1 ? 'file' : 'files'} you picked could not be kept: please add{' '}
          {lostFiles.length === 1 ? 'it' : 'them'} again ({lostFiles.join(', ')}).
        </p>
      ) : null}
      <AttachmentField files={files} onChange={setFiles} />
      <SubmitRow label="Submit booking" sending={sending} status={status} />
    </FormCard>
  );
}

/** A refused booking being corrected: its outbox item, its booking id, why it was refused, and its files as kept there. */
type Editing = { item: string; bookingId: string; message: string; files: ReadonlyMap<File, OutboxFile> };

/** The refused booking `item` of this customer, from the outbox, with its files as File objects for the form; null when gone. */
async function refusedBooking(item: string, owner: string): Promise<{ editing: Editing; files: File[] } | null> {
  const { openedDeviceDb } = await import('../../offline/db.ts');
  const found = await (await openedDeviceDb()).outbox.where('id').equals(item).first();
  if (!found || found.kind !== BOOKING_KIND || found.state !== 'failed' || found.owner !== owner || found.record === null) return null;
  const kept = new Map<File, OutboxFile>();
  const files = found.files.map((file) => {
    const asFile = new File([file.blob], file.name, { type: file.blob.type });
    kept.set(asFile, file);
    return asFile;
  });
  return { editing: { item, bookingId: found.record, message: found.error?.message ?? '', files: kept }, files };
}

/**
 * What was typed into New Booking and not sent, kept per account while the customer looks at another tab (the form
 * closes with its tab, and opened again it was empty, photos and all); sending it or signing out ends it (drafts.ts).
 */
type BookingDraft = { values: Readonly<Record<string, string>>; files: readonly File[]; editing: Editing | null };
const drafts = draftsInMemory<BookingDraft>();
/** A new booking's draft put aside when a refused one came back into the form (one per account). */
const asideDrafts = draftsInMemory<BookingDraft>();

/** Whether a draft holds work of the customer's own, beyond the form's defaults: days, details or files. */
function typedWork(draft: BookingDraft): boolean {
  return draft.files.length > 0 || Boolean(draft.values['description']?.trim()) || Boolean(draft.values['startDate']);
}

function keepDraft(owner: string, form: HTMLFormElement | null, files: readonly File[], editing: Editing | null, forTheTab = true): void {
  if (!form) return;
  const draft = { values: changedValues(form), files: [...files], editing };
  drafts.set(owner, draft);
  // Its text for the tab too, across a reload, with the names of its files (they cannot be kept); not a refused booking's
  // (it is in Waiting to send, to be corrected there).
  if (!editing && forTheTab) storeDraft(BOOKING_KIND, { ...draft.values, [FILE_NAMES]: JSON.stringify(files.map((file) => file.name)) }, typedWork(draft));
}

/** Where a stored draft keeps the names of the files picked (no field of the form has that name). */
const FILE_NAMES = '.files';

function namesOf(kept: string | undefined): string[] {
  try {
    const names: unknown = JSON.parse(kept ?? '[]');
    return Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

const NO_WORK = { serviceType: '', start: '', finish: '', startTime: '', finishTime: '', address: '' };
type Work = typeof NO_WORK;

/** The service, days, hours and address a booking form holds now: `before` itself when none of them changed. */
function workOf(form: HTMLFormElement | null, before: Work = NO_WORK): Work {
  if (!form) return before;
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  const now = { serviceType: text('serviceType'), start: text('startDate'), finish: text('finishDate'), startTime: text('startTime'), finishTime: text('finishTime'), address: text('address') };
  return (Object.keys(now) as Array<keyof Work>).every((key) => now[key] === before[key]) ? before : now;
}
