/** The seed's field lengths (point 9) and the brief's stricter rules, in one place for schemas and forms. */
export const LIMITS = {
  email: 255,
  password: 255,
  passwordMin: 8,
  name: 100,
  phone: 20,
  serviceType: 100,
  date: 10,
  time: 5,
  status: 50,
  estimatedCost: 50,
  priority: 20,
  resetToken: 100,
  senderName: 100,
  /** Not bounded by the seed; bounded here so one request cannot fill the disk. */
  address: 500,
  description: 5000,
  messageContent: 5000,
  notes: 5000,
  scope: 2000,
  details: 5000,
  filename: 255,
  attachments: 10,
  supportNameMin: 2,
  supportPhoneMin: 10,
  /** A client-made record id: a UUID, 36 characters. */
  recordId: 36,
  supportDescriptionMin: 10,
} as const;

/** Booking defaults of seed point 9. */
export const DEFAULT_START_TIME = '09:00';
export const DEFAULT_FINISH_TIME = '17:00';

/** Upload limit: 10 MB per file (seed point 9, enforced on the server). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Reset links live one hour (seed point 9). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Verification links live a week: people often open them days later. */
export const VERIFICATION_TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** What an erased personal field reads as after its key is gone. */
export const ERASED = '[erased]';
