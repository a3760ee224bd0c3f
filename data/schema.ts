import type { ModelName } from '#domain/projections.ts';

/**
 * The durable tables, changed only by numbered migrations (PRAGMA user_version). Events are append-only:
 * triggers refuse UPDATE and DELETE on them, so no code path can rewrite history.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE events (
    global_position INTEGER PRIMARY KEY,
    stream_id TEXT NOT NULL,
    stream_position INTEGER NOT NULL,
    type TEXT NOT NULL,
    type_version INTEGER NOT NULL,
    data TEXT NOT NULL,
    metadata TEXT NOT NULL,
    command_id TEXT NOT NULL,
    created TEXT NOT NULL,
    UNIQUE (stream_id, stream_position)
  );
  CREATE INDEX events_command_id ON events (command_id);
  CREATE TRIGGER events_no_update BEFORE UPDATE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
  CREATE TRIGGER events_no_delete BEFORE DELETE ON events BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;

  CREATE TABLE commands (
    command_id TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    result TEXT NOT NULL,
    created TEXT NOT NULL
  );

  CREATE TABLE person_keys (
    key_id TEXT PRIMARY KEY,
    subject_hash TEXT NOT NULL UNIQUE,
    key BLOB NOT NULL,
    created TEXT NOT NULL
  );

  CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE sessions (
    sid TEXT PRIMARY KEY,
    sess TEXT NOT NULL,
    expire INTEGER NOT NULL
  );
  CREATE INDEX sessions_expire ON sessions (expire);
  `,
  `
  CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    html TEXT NOT NULL,
    created TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL,
    sent_at TEXT,
    failed_at TEXT,
    last_error TEXT
  );
  CREATE INDEX mail_outbox_due ON mail_outbox (sent_at, failed_at, next_attempt_at);
  `,
  `
  ALTER TABLE person_keys ADD COLUMN last_used TEXT;
  UPDATE person_keys SET last_used = created;
  CREATE INDEX person_keys_last_used ON person_keys (last_used);
  `,
  // Urgent mail (password reset, address confirmation) goes before the backlog.
  `
  ALTER TABLE mail_outbox ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX mail_outbox_queue ON mail_outbox (priority DESC, id) WHERE sent_at IS NULL AND failed_at IS NULL;
  `,
  // Nothing searches the log by command id (repeats are answered from `commands`): the index only cost a write
  // at a random place per event, about a sixth of a quote request's write throughput (ADR 014).
  `
  DROP INDEX events_command_id;
  `,
  // Two more indexes no query needs, each a page more in the WAL for every quote request (ADR 017): the queue
  // of mail to send reads mail_outbox_queue, and the daily retention sweep reads all of person_keys once.
  `
  DROP INDEX mail_outbox_due;
  DROP INDEX person_keys_last_used;
  `,
  // Queued mail keeps what it says (body: greeting and lines, as JSON) and is rendered as text and HTML when it is
  // sent: the rendered bodies of a quote request's two mails were 2.3 KB, more than its two events (ADR 023). Rows
  // queued before keep their text and html, and body NULL.
  `
  ALTER TABLE mail_outbox ADD COLUMN body TEXT;
  `,
  // A mail whose words are wrong after a time (a link that has expired, "tomorrow" once the day has come) is not sent
  // after it (send_by): SMTP down for hours sent a reset link that no longer worked, and "starts tomorrow" on the day.
  `
  ALTER TABLE mail_outbox ADD COLUMN send_by TEXT;
  `,
  // Mail given up, as the admin's dashboard counts it (GET /api/health): sent rows are kept, and the count read them
  // all. Written only when a mail is given up, so the write path pays nothing for it.
  `
  CREATE INDEX mail_outbox_given_up ON mail_outbox (failed_at) WHERE sent_at IS NULL AND failed_at IS NOT NULL;
  `,
];

/**
 * The read models' tables, by model (domain/projections/model.ts names them): derived from the events, so they
 * are not migrated but rebuilt. Each model's DDL is hashed with its version; when either changes, the next start
 * rebuilds that model alone (data/db.ts). `position` columns and the `<table>_tombstones` tables serve the devices'
 * sync feed: a tombstone is what a device's copy must forget — a deleted record, or one that moved away from the
 * customer who could see it; its email and userId say who may see it. No SQL comments in here: the rebuild
 * renames each statement's table by its first words.
 */
export const READ_MODEL_DDL: Readonly<Record<ModelName, string>> = {
  bookings: `
  CREATE TABLE bookings (
    id TEXT PRIMARY KEY,
    userId TEXT,
    quoteId TEXT,
    source TEXT NOT NULL,
    firstName TEXT NOT NULL,
    lastName TEXT,
    email TEXT,
    phone TEXT,
    serviceType TEXT NOT NULL,
    preferredDate TEXT,
    preferredTime TEXT,
    startDate TEXT,
    finishDate TEXT,
    startTime TEXT,
    finishTime TEXT,
    address TEXT,
    description TEXT,
    attachments TEXT,
    status TEXT NOT NULL,
    notes TEXT,
    paidOn TEXT,
    paidBy TEXT,
    googleCalendarEventId TEXT,
    isManualBooking INTEGER NOT NULL,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL,
    version INTEGER NOT NULL,
    position INTEGER NOT NULL,
    ownerPosition INTEGER NOT NULL
  );
  CREATE INDEX bookings_email ON bookings (email);
  CREATE INDEX bookings_position ON bookings (position);
  CREATE INDEX bookings_user ON bookings (userId);
  CREATE INDEX bookings_dates ON bookings (startDate, finishDate);
  CREATE TABLE bookings_tombstones (
    id TEXT NOT NULL,
    position INTEGER NOT NULL,
    reason TEXT NOT NULL,
    email TEXT,
    userId TEXT
  );
  CREATE INDEX bookings_tombstones_position ON bookings_tombstones (position);
  `,
  quotes: `
  CREATE TABLE quotes (
    id TEXT PRIMARY KEY,
    userId TEXT,
    firstName TEXT NOT NULL,
    lastName TEXT,
    email TEXT,
    phone TEXT,
    serviceType TEXT NOT NULL,
    preferredDate TEXT,
    address TEXT,
    description TEXT,
    attachments TEXT,
    notes TEXT,
    scope TEXT,
    estimatedCost TEXT,
    quoteStatus TEXT NOT NULL,
    priority TEXT NOT NULL,
    followUpDate TEXT,
    bookingId TEXT,
    answeredAt TEXT,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL,
    version INTEGER NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX quotes_email ON quotes (email);
  CREATE INDEX quotes_user ON quotes (userId);
  CREATE INDEX quotes_position ON quotes (position);
  CREATE TABLE quotes_tombstones (
    id TEXT NOT NULL,
    position INTEGER NOT NULL,
    reason TEXT NOT NULL,
    email TEXT,
    userId TEXT
  );
  CREATE INDEX quotes_tombstones_position ON quotes_tombstones (position);
  `,
  contacts: `
  CREATE TABLE contacts (
    id TEXT PRIMARY KEY,
    firstName TEXT NOT NULL,
    lastName TEXT,
    email TEXT,
    phone TEXT,
    service TEXT,
    details TEXT NOT NULL,
    source TEXT NOT NULL,
    createdAt TEXT NOT NULL,
    answeredAt TEXT,
    position INTEGER NOT NULL
  );
  CREATE INDEX contacts_email ON contacts (email);
  CREATE INDEX contacts_position ON contacts (position);
  CREATE TABLE contacts_tombstones (
    id TEXT NOT NULL,
    position INTEGER NOT NULL,
    reason TEXT NOT NULL,
    email TEXT,
    userId TEXT
  );
  CREATE INDEX contacts_tombstones_position ON contacts_tombstones (position);
  `,
  messages: `
  CREATE TABLE messages (
    id TEXT PRIMARY KEY,
    bookingId TEXT NOT NULL,
    senderId TEXT,
    sealed BLOB,
    attachments TEXT,
    isFromAdmin INTEGER NOT NULL,
    createdAt TEXT NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX messages_booking ON messages (bookingId, createdAt);
  CREATE INDEX messages_position ON messages (position);
  CREATE TABLE messages_tombstones (
    id TEXT NOT NULL,
    position INTEGER NOT NULL,
    reason TEXT NOT NULL,
    email TEXT,
    userId TEXT
  );
  CREATE INDEX messages_tombstones_position ON messages_tombstones (position);
  `,
  chats: `
  CREATE TABLE chats (
    id TEXT PRIMARY KEY,
    noReplyNeededFor TEXT,
    markedAt TEXT NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX chats_position ON chats (position);
  `,
  users: `
  CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    firstName TEXT NOT NULL,
    lastName TEXT NOT NULL,
    passwordHash TEXT NOT NULL,
    isAdmin INTEGER NOT NULL,
    emailVerified INTEGER NOT NULL,
    createdAt TEXT NOT NULL,
    updatedAt TEXT NOT NULL
  );
  CREATE INDEX users_email ON users (email);
  CREATE TABLE email_verifications (
    id TEXT PRIMARY KEY,
    userId TEXT NOT NULL,
    tokenHash TEXT NOT NULL UNIQUE,
    expiresAt TEXT NOT NULL,
    used INTEGER NOT NULL,
    createdAt TEXT NOT NULL
  );
  CREATE TABLE password_resets (
    id TEXT PRIMARY KEY,
    userId TEXT NOT NULL,
    tokenHash TEXT NOT NULL UNIQUE,
    expiresAt TEXT NOT NULL,
    used INTEGER NOT NULL,
    createdAt TEXT NOT NULL
  );
  CREATE INDEX password_resets_user ON password_resets (userId);
  `,
  uploads: `
  CREATE TABLE uploads (
    id TEXT PRIMARY KEY,
    originalname TEXT NOT NULL,
    size INTEGER NOT NULL,
    mimeType TEXT NOT NULL,
    uploaderId TEXT NOT NULL,
    createdAt TEXT NOT NULL,
    attachedAt TEXT
  );
  CREATE INDEX uploads_uploader ON uploads (uploaderId, createdAt);
  CREATE INDEX uploads_unattached ON uploads (createdAt) WHERE attachedAt IS NULL;
  `,
  support: `
  CREATE TABLE support_requests (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL,
    phone TEXT NOT NULL,
    issueType TEXT NOT NULL,
    description TEXT NOT NULL,
    bookingReference TEXT,
    createdAt TEXT NOT NULL
  );
  `,
  calendar: `
  CREATE TABLE calendar_feed (
    id TEXT PRIMARY KEY,
    tokenHash TEXT NOT NULL,
    createdAt TEXT NOT NULL
  );
  `,
};
