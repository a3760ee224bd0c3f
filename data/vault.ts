import { createCipheriv, createDecipheriv, createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { PERSONAL_FIELDS, type EventType } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import { metaSecret, prepared, type Db } from './db.ts';
import { newUuidV7, randomPooled } from './ids.ts';

/** How sealed personal fields sit inside an event's stored data. */
type Sealed = { k: string; f: string[]; c: string };
/** A key as the vault remembers it: imported once, with its blobs' additional authenticated data (its id). */
type HeldKey = { key: KeyObject; aad: Buffer };
/** A person whose key exists (as of the open write batch), and the `last_used` the table holds at least. */
type Person = { keyId: string; key: KeyObject; lastUsed: string };
/** `maxPeople`: how many people (and keys' AADs) the vault remembers before its memory starts again; MAX_PEOPLE unless a test must reach that bound. */
export type VaultOptions = { maxPeople?: number };
const IV_BYTES = 12;
/** People remembered between commands; beyond this many the memory starts again. */
const MAX_PEOPLE = 20_000;
/** The member of an event's stored data that holds its sealed blob. */
export const SEALED = '_sealed';
/** How the blob's member begins in the stored JSON. */
const SEALED_MEMBER = `"${SEALED}":`;
/** How the blob begins as `seal` writes it: its key id comes next. */
const SEALED_KEY = `${SEALED_MEMBER}{"k":"`;
/** How often a vault looks whether another process deleted keys (npm run erase, retention). */
const EPOCH_CHECK_MS = 250;

/**
 * Crypto-shredding for UK GDPR erasure: each person (subject) has an AES-256-GCM key in `person_keys`;
 * the personal fields of their events are stored encrypted with it. Deleting the key erases those
 * fields everywhere in the log at once, while the events themselves (and so counts and history) remain.
 */
export class Vault {
  readonly #db: Db;
  // KeyObjects, not Buffers: Node re-imports a raw key on every cipher/HMAC call (~12 µs each here). The AAD
  // beside it: opening a blob looks up one entry.
  readonly #cache = new Map<string, HeldKey | null>();
  readonly #pepper: KeyObject;
  readonly #maxPeople: number;
  /**
   * Subject -> key, used only inside a write batch of the command bus (`openBatch`): the batch holds the write
   * lock and looked at the key epoch when it began, so no key it names can have been deleted meanwhile.
   */
  readonly #people = new Map<string, Person>();
  #batchOpen = false;
  #epoch: number | undefined;
  #epochCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(db: Db, options: VaultOptions = {}) {
    this.#db = db;
    this.#pepper = createSecretKey(metaSecret(db, 'subject_pepper'));
    this.#maxPeople = options.maxPeople ?? MAX_PEOPLE;
  }

  /**
   * Seals the personal fields of one event's data. Must run inside the append transaction. `time` (the
   * event's) marks the person's key as in use, which the retention sweep reads.
   */
  seal(type: EventType, data: Record<string, unknown>, subject: string | null | undefined, time?: string): Record<string, unknown> {
    const fields = (PERSONAL_FIELDS[type] as readonly string[]).filter((f) => data[f] !== undefined && data[f] !== null);
    if (fields.length === 0) return data;
    if (!subject) throw new Error(`${type} carries personal fields but no subject was given`);
    const { keyId, key } = this.#keyFor(subject, time ?? new Date().toISOString());
    const personal: Record<string, unknown> = {};
    const open: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(data)) {
      if (fields.includes(name)) personal[name] = value;
      else open[name] = value;
    }
    const iv = randomPooled(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(keyId));
    const ct = Buffer.concat([cipher.update(JSON.stringify(personal)), cipher.final()]);
    const sealed: Sealed = { k: keyId, f: fields, c: Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64') };
    return { ...open, [SEALED]: sealed };
  }

  /** Opens sealed fields; when the person's key was erased they read as ERASED. */
  unseal(data: Record<string, unknown>): Record<string, unknown> {
    if (data[SEALED] === undefined) return data;
    return this.unsealInPlace({ ...data });
  }

  /**
   * `unseal` for data the caller owns (just parsed from the log): the sealed blob is replaced by the fields it
   * holds, in place, without copying the object twice. Open fields keep their order and the personal ones follow,
   * as with `unseal`. The replay opens hundreds of thousands of these, so the per-key work (the key, its AAD) is
   * done once per person.
   */
  unsealInPlace(data: Record<string, unknown>): Record<string, unknown> {
    const sealed = data[SEALED] as Sealed | undefined;
    if (!sealed) return data;
    delete data[SEALED];
    const plain = this.#open(sealed);
    if (plain === null) {
      for (const f of sealed.f) data[f] = ERASED;
      return data;
    }
    return Object.assign(data, JSON.parse(plain) as Record<string, unknown>);
  }

  /**
   * `unsealInPlace` on an event's data as the log stores it, JSON text in and out: only the sealed blob is parsed,
   * and the fields it holds are written after the open ones, in the order `unsealInPlace` gives them. The replay's
   * reader thread hands text to the thread that projects, which then parses each event once
   * (data/replay-worker.ts). `seal` writes the blob last, `{…,"_sealed":{…}}`; data laid out otherwise is opened
   * the long way.
   */
  unsealText(json: string): string {
    const found = lastBlob(json);
    if (found === null) return json;
    if (found === undefined) return JSON.stringify(this.unsealInPlace(JSON.parse(json) as Record<string, unknown>));
    const { sealed, at, open } = found;
    const plain = this.#open(sealed) ?? JSON.stringify(Object.fromEntries(sealed.f.map((f) => [f, ERASED])));
    if (plain === '{}') return open;
    return json.slice(0, at) + plain.slice(1);
  }

  /**
   * Looks at once whether keys were deleted meanwhile (by `npm run erase` in another process, say), rather than at
   * most every 250 ms: a read of rows that keep their fields sealed calls it first, so an answer built after an
   * erasure never opens what it erased with a key remembered from before.
   */
  checkErasures(): void {
    this.#epochCheckedAt = Number.NEGATIVE_INFINITY;
    this.#fresh();
  }

  /**
   * The fields a read-model row keeps sealed (ADR 022): `blob` is the event's blob as the row holds it (`rowBlob`),
   * null when the event sealed nothing. Every field asked for is answered: what the blob holds, ERASED when the
   * person's key is gone, null when the blob does not hold it.
   */
  openFields(blob: Uint8Array | null, fields: readonly string[]): Record<string, unknown> {
    const sealed = blob === null ? null : fromRowBlob(blob);
    const plain = sealed === null ? null : this.#openRaw(sealed.k, sealed.raw);
    const opened = plain === null ? {} : (JSON.parse(plain) as Record<string, unknown>);
    const out: Record<string, unknown> = {};
    // A field the blob holds is in what it opens to, unless the key is gone.
    for (const field of fields) out[field] = field in opened ? opened[field] : sealed?.f.includes(field) ? ERASED : null;
    return out;
  }

  /**
   * An event's stored data (JSON text) as its open fields' JSON and its sealed blob as a row keeps it (`rowBlob`),
   * unopened: a replay hands the blob of an event of KEPT_SEALED to the read model that keeps it (data/sealed.ts),
   * and the thread that projects parses only the rest. Laid out as `seal` writes it, `{…,"_sealed":{…}}`, the blob
   * is the text after its name; data laid out otherwise is parsed whole.
   */
  splitSealed(json: string): [open: string, blob: Uint8Array | null] {
    const found = lastBlob(json);
    if (found === null) return [json, null];
    if (found) return [found.open, rowBlob(found.sealed)];
    const data = JSON.parse(json) as Record<string, unknown>;
    const blob = sealedBlob(data);
    delete data[SEALED];
    return [JSON.stringify(data), blob];
  }

  /**
   * Loads, with one query, the keys of the blobs in these events' stored data (JSON text) that it does not remember
   * yet: a replay asks for a page's keys at once (EventStore.openedTextPage), which costs half of asking one by one.
   * Only a matter of speed: a key not found here is looked up when its blob is opened, as always. A page's keys
   * are kept together: when they do not fit, the memory starts again with all of them (a page's worth past maxPeople
   * at most).
   */
  loadKeysFor(texts: readonly string[]): void {
    this.#fresh();
    const page = new Set<string>();
    for (const json of texts) {
      const at = json.lastIndexOf(SEALED_KEY);
      if (at === -1) continue;
      const from = at + SEALED_KEY.length;
      page.add(json.slice(from, json.indexOf('"', from)));
    }
    let wanted = [...page].filter((keyId) => !this.#cache.has(keyId));
    if (wanted.length === 0) return;
    // No room: the memory starts again with this page's keys, all of them.
    if (this.#cache.size + wanted.length > this.#maxPeople) {
      this.#cache.clear();
      wanted = [...page];
    }
    const rows = prepared(this.#db, 'SELECT key_id, key FROM person_keys WHERE key_id IN (SELECT value FROM json_each(?))').all(JSON.stringify(wanted)) as Array<{ key_id: string; key: Buffer }>;
    for (const row of rows) this.#cache.set(row.key_id, heldKey(row.key_id, row.key));
    // Not there: erased (or never made), as #loadKey remembers it.
    for (const keyId of wanted) if (!this.#cache.has(keyId)) this.#cache.set(keyId, null);
  }

  /** The JSON of the fields a blob holds, or null when its person's key was erased. */
  #open(sealed: Sealed): string | null {
    return this.#openRaw(sealed.k, Buffer.from(sealed.c, 'base64'));
  }

  /** `#open` for the blob's key id and its bytes: IV, ciphertext and tag. */
  #openRaw(keyId: string, raw: Buffer): string | null {
    this.#fresh();
    const held = this.#loadKey(keyId);
    if (!held) return null;
    const decipher = createDecipheriv('aes-256-gcm', held.key, raw.subarray(0, 12));
    decipher.setAAD(held.aad);
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    // Bytes out, then one decode: an output encoding makes each decipher a string decoder of its own. GCM is a
    // stream mode: `update` gives every byte, and `final` only checks the tag (it throws when the blob was altered).
    const plain = decipher.update(raw.subarray(12, raw.length - 16));
    decipher.final();
    return plain.toString('utf8');
  }

  /** Whether the subject has a key: false once it was erased (and for a subject nothing was ever sealed under). */
  holds(subject: string): boolean {
    return prepared(this.#db, 'SELECT 1 FROM person_keys WHERE subject_hash = ? LIMIT 1').pluck().get(this.#subjectHash(subject)) !== undefined;
  }

  /** Deletes the subject's key. Returns how many keys were deleted (0 when none existed). */
  erase(subject: string): number {
    return this.#delete(prepared(this.#db, 'SELECT key_id FROM person_keys WHERE subject_hash = ?').pluck().all(this.#subjectHash(subject)) as string[]);
  }

  /** Forgets cached keys (after a rolled-back transaction may have created one). */
  clearCache(): void {
    this.#cache.clear();
    this.#people.clear();
  }

  /**
   * The command bus's write transaction began (it holds the write lock): keys deleted by another process show
   * in the key epoch now, so from here to `closeBatch` the vault may remember who has which key, and a command
   * for a known person reads no key row at all.
   */
  openBatch(): void {
    this.#epochCheckedAt = Number.NEGATIVE_INFINITY;
    this.#fresh();
    this.#batchOpen = true;
  }

  /** The batch ended; `rolledBack`: what it wrote is gone, and so must be what the vault learnt from it. */
  closeBatch(rolledBack: boolean): void {
    this.#batchOpen = false;
    if (rolledBack) this.clearCache();
  }

  /** A command of the batch rolled back (its savepoint): keys it made or used may not exist, or be older. */
  forgetCommand(): void {
    this.#people.clear();
  }

  /**
   * Deletes the keys of everyone whose data has not been touched since `before` (the 7-year retention of
   * the privacy policy), but for the people (subjects) of `kept`. Returns how many people were erased.
   */
  expire(before: string, kept: readonly string[] = []): number {
    const keep = new Set(kept.map((subject) => this.#subjectHash(subject)));
    const due = prepared(this.#db, 'SELECT key_id, subject_hash FROM person_keys WHERE last_used < ?').all(before) as Array<{ key_id: string; subject_hash: string }>;
    return this.#delete(due.filter((row) => !keep.has(row.subject_hash)).map((row) => row.key_id));
  }

  /** Deletes keys, remembers them as gone, and moves the key epoch so other processes forget them too. */
  #delete(keyIds: string[]): number {
    if (keyIds.length === 0) return 0;
    const remove = prepared(this.#db, 'DELETE FROM person_keys WHERE key_id = ?');
    for (const keyId of keyIds) {
      remove.run(keyId);
      this.#remember(keyId, null);
    }
    this.#people.clear();
    this.#bumpEpoch();
    return keyIds.length;
  }

  /**
   * Keys deleted by another process (`npm run erase` while the server runs) must not live on in this one's
   * cache: every deletion moves the key epoch in `meta`, and a vault that sees it moved forgets its keys.
   * Looked at most every 250 ms, so a replay of a long log pays nothing for it.
   */
  #fresh(): void {
    const now = performance.now();
    if (now - this.#epochCheckedAt < EPOCH_CHECK_MS) return;
    this.#epochCheckedAt = now;
    const epoch = keyEpoch(this.#db);
    if (epoch !== this.#epoch) this.clearCache();
    this.#epoch = epoch;
  }

  #bumpEpoch(): void {
    prepared(this.#db, `INSERT INTO meta (name, value) VALUES ('key_epoch', '1') ON CONFLICT (name) DO UPDATE SET value = CAST(value AS INTEGER) + 1`).run();
  }

  #keyFor(subject: string, time: string): { keyId: string; key: KeyObject } {
    const known = this.#batchOpen ? this.#people.get(subject) : undefined;
    if (known) {
      // last_used only ever moves forward (max), so a time not after the one the table holds changes nothing.
      if (time > known.lastUsed) {
        prepared(this.#db, 'UPDATE person_keys SET last_used = max(last_used, ?) WHERE key_id = ?').run(time, known.keyId);
        known.lastUsed = time;
      }
      return known;
    }
    this.#fresh();
    const hash = this.#subjectHash(subject);
    const row = prepared(this.#db, 'SELECT key_id, last_used FROM person_keys WHERE subject_hash = ?').get(hash) as
      { key_id: string; last_used: string | null } | undefined;
    if (row) {
      const held = this.#loadKey(row.key_id);
      if (held) {
        prepared(this.#db, 'UPDATE person_keys SET last_used = max(last_used, ?) WHERE key_id = ?').run(time, row.key_id);
        const lastUsed = row.last_used !== null && row.last_used > time ? row.last_used : time;
        return this.#rememberPerson(subject, { keyId: row.key_id, key: held.key, lastUsed });
      }
    }
    // Time-ordered, so a new key lands beside the last in `person_keys`'s primary key (ADR 014).
    const keyId = newUuidV7();
    const raw = randomPooled(32);
    prepared(this.#db, 'INSERT INTO person_keys (key_id, subject_hash, key, created, last_used) VALUES (?, ?, ?, ?, ?)').run(keyId, hash, raw, time, time);
    const held = heldKey(keyId, raw);
    this.#remember(keyId, held);
    return this.#rememberPerson(subject, { keyId, key: held.key, lastUsed: time });
  }

  /** Keeps a key (or that it is gone) for the next event of that person; beyond MAX_PEOPLE keys the memory starts again. */
  #remember(keyId: string, held: HeldKey | null): void {
    if (this.#cache.size >= this.#maxPeople) this.#cache.clear();
    this.#cache.set(keyId, held);
  }

  #rememberPerson(subject: string, person: Person): Person {
    if (!this.#batchOpen) return person;
    if (this.#people.size >= this.#maxPeople) this.#people.clear();
    this.#people.set(subject, person);
    return person;
  }

  #loadKey(keyId: string): HeldKey | null {
    const cached = this.#cache.get(keyId);
    if (cached !== undefined) return cached;
    const row = prepared(this.#db, 'SELECT key FROM person_keys WHERE key_id = ?').get(keyId) as { key: Buffer } | undefined;
    const held = row ? heldKey(keyId, row.key) : null;
    this.#remember(keyId, held);
    return held;
  }

  /** Subjects are looked up by a keyed hash, so the key table holds no e-mail addresses. */
  #subjectHash(subject: string): string {
    return createHmac('sha256', this.#pepper).update(subject).digest('base64url');
  }
}

/**
 * How many times person keys were deleted in this database (`meta.key_epoch`, moved by every deletion); 0 before the
 * first. A vault forgets its keys when it moves; a rebuild records the one it began at (data/rebuild.ts).
 */
export function keyEpoch(db: Db): number {
  return Number(prepared(db, `SELECT value FROM meta WHERE name = 'key_epoch'`).pluck().get() ?? 0);
}

/** The format of `rowBlob`'s bytes. */
const ROW_BLOB_FORMAT = 1;

/**
 * The sealed blob of an event's data as the log stores it (`Vault.seal`), as a read-model row keeps it (ADR 022);
 * null when the event sealed nothing.
 */
export function sealedBlob(stored: Record<string, unknown>): Uint8Array | null {
  const sealed = stored[SEALED];
  if (sealed === undefined) return null;
  // A replay's reader thread hands the blob over as a row keeps it already (`Vault.splitSealed`).
  return sealed instanceof Uint8Array ? sealed : rowBlob(sealed as Sealed);
}

/**
 * A blob as a read-model row keeps it: bytes rather than the log's JSON, about 227 for a chat message against 307.
 * The format (1), the key id's length and the key id, the length of the field names joined by commas and the names,
 * then the IV, ciphertext and tag. In a buffer of its own, so that a thread hands it over without the pool's 8 KB.
 */
function rowBlob(sealed: Sealed): Buffer {
  const fields = sealed.f.join(',');
  if (sealed.k.length > 255 || fields.length > 255) throw new Error('A sealed blob with a key id or field names this long cannot be kept in a row');
  const bytes = Buffer.allocUnsafeSlow(3 + sealed.k.length + fields.length + Buffer.byteLength(sealed.c, 'base64'));
  let at = 0;
  bytes[at++] = ROW_BLOB_FORMAT;
  bytes[at++] = sealed.k.length;
  at += bytes.write(sealed.k, at, 'latin1');
  bytes[at++] = fields.length;
  at += bytes.write(fields, at, 'latin1');
  bytes.write(sealed.c, at, 'base64');
  return bytes;
}

function fromRowBlob(blob: Uint8Array): { k: string; f: string[]; raw: Buffer } {
  const bytes = Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  if (bytes[0] !== ROW_BLOB_FORMAT) throw new Error(`A sealed row blob of an unknown format (${String(bytes[0])})`);
  let at = 1;
  const keyLength = bytes[at++]!;
  const k = bytes.toString('latin1', at, at + keyLength);
  at += keyLength;
  const fieldsLength = bytes[at++]!;
  const f = bytes.toString('latin1', at, at + fieldsLength).split(',');
  return { k, f, raw: bytes.subarray(at + fieldsLength) };
}

/**
 * The blob of stored data (JSON text) laid out as `seal` writes it, `{…,"_sealed":{…}}`: the blob, where its member
 * begins, and the text of the open fields without it. Null when there is no blob; undefined when the data is laid
 * out otherwise (the blob not the last top-level member, or not a blob), and must be parsed the long way.
 */
function lastBlob(json: string): { sealed: Sealed; at: number; open: string } | null | undefined {
  const at = json.lastIndexOf(SEALED_MEMBER);
  if (at === -1) return null;
  const before = json[at - 1];
  if ((before !== ',' && before !== '{') || !json.endsWith('}')) return undefined;
  let sealed: Sealed | undefined;
  try {
    // The blob is the value between its name and the object's last brace, or this is not the top-level member.
    sealed = JSON.parse(json.slice(at + SEALED_MEMBER.length, -1)) as Sealed;
  } catch {
    return undefined;
  }
  if (!sealed || typeof sealed !== 'object' || !Array.isArray(sealed.f)) return undefined;
  return { sealed, at, open: `${json.slice(0, before === ',' ? at - 1 : at)}}` };
}

function heldKey(keyId: string, raw: Buffer): HeldKey {
  return { key: createSecretKey(raw), aad: Buffer.from(keyId) };
}
