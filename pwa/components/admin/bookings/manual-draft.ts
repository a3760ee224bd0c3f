import { draftKeeper } from '../form-draft-kept.ts';

/** What was typed into Add Manual Booking and not sent (form-draft-kept.ts). */
const manual = draftKeeper('manual-booking');

export const manualDraft = manual.draft;
export const keepManualDraft = manual.keep;
export const sendingManualDraft = manual.sending;
export const dropManualDraft = manual.drop;
