import { createCipheriv, createDecipheriv, createHmac, createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { PERSONAL_FIELDS, type EventType } from '#domain/events.ts';
import { ERASED } from '#domain/limits.ts';
import { metaSecret, prepared, type Db } from './db.ts';

/** How sealed personal fields sit inside an event's stored data. */
type Sealed = { k: string; f: string[]; c: string };
const SEALED = '_sealed';
/** How often a vault looks whether another process deleted keys (npm run erase, retention). */
const EPOCH_CHECK_MS = 250;

/**
 * Crypto-shredding for UK GDPR erasure: each person (subject) has an AES-256-GCM key in `person_keys`;
 * the personal fields of their events are stored encrypted with it. Deleting the key erases those
 * fields everywhere in the log at once, while the events themselves (and so counts and history) remain.
 */
export class Vault {
  readonly #db: Db;
  // KeyObjects, not Buffers: Node re-imports a raw key on every cipher/HMAC call (~12 µs each here).
  readonly #cache = new Map<string, KeyObject | null>();
  readonly #pepper: KeyObject;
  #epoch: string | undefined;
  #epochCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(db: Db) {
    this.#db = db;
    this.#pepper = createSecretKey(metaSecret(db, 'subject_pepper'));
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
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(keyId));
    const ct = Buffer.concat([cipher.update(JSON.stringify(personal)), cipher.final()]);
    const sealed: Sealed = { k: keyId, f: fields, c: Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64') };
    return { ...open, [SEALED]: sealed };
  }

  /** Opens sealed fields; when the person's key was erased they read as ERASED. */
  unseal(data: Record<string, unknown>): Record<string, unknown> {
    const sealed = data[SEALED] as Sealed | undefined;
    if (!sealed) return data;
    this.#fresh();
    const { [SEALED]: _s, ...open } = data;
    const key = this.#loadKey(sealed.k);
    if (!key) {
      for (const f of sealed.f) open[f] = ERASED;
      return open;
    }
    const raw = Buffer.from(sealed.c, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(sealed.k));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    return { ...open, ...(JSON.parse(plain) as Record<string, unknown>) };
  }

  /** Deletes the subject's key. Returns how many keys were deleted (0 when none existed). */
  erase(subject: string): number {
    return this.#delete(prepared(this.#db, 'SELECT key_id FROM person_keys WHERE subject_hash = ?').pluck().all(this.#subjectHash(subject)) as string[]);
  }

  /** Forgets cached keys (after a rolled-back transaction may have created one). */
  clearCache(): void {
    this.#cache.clear();
  }

  /**
   * Deletes the keys of everyone whose data has not been touched since `before` (the 7-year retention of
   * the privacy policy). Returns how many people were erased.
   */
  expire(before: string): number {
    return this.#delete(prepared(this.#db, 'SELECT key_id FROM person_keys WHERE last_used < ?').pluck().all(before) as string[]);
  }

  /** Deletes keys, remembers them as gone, and moves the key epoch so other processes forget them too. */
  #delete(keyIds: string[]): number {
    if (keyIds.length === 0) return 0;
    const remove = prepared(this.#db, 'DELETE FROM person_keys WHERE key_id = ?');
    for (const keyId of keyIds) {
      remove.run(keyId);
      this.#cache.set(keyId, null);
    }
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
    const epoch = prepared(this.#db, `SELECT value FROM meta WHERE name = 'key_epoch'`).pluck().get() as string | undefined;
    if (epoch !== this.#epoch) this.#cache.clear();
    this.#epoch = epoch;
  }

  #bumpEpoch(): void {
    prepared(this.#db, `INSERT INTO meta (name, value) VALUES ('key_epoch', '1') ON CONFLICT (name) DO UPDATE SET value = CAST(value AS INTEGER) + 1`).run();
  }

  #keyFor(subject: string, time: string): { keyId: string; key: KeyObject } {
    this.#fresh();
    const hash = this.#subjectHash(subject);
    const row = prepared(this.#db, 'SELECT key_id FROM person_keys WHERE subject_hash = ?').get(hash) as { key_id: string } | undefined;
    if (row) {
      const key = this.#loadKey(row.key_id);
      if (key) {
        prepared(this.#db, 'UPDATE person_keys SET last_used = max(last_used, ?) WHERE key_id = ?').run(time, row.key_id);
        return { keyId: row.key_id, key };
      }
    }
    const keyId = randomUUID();
    const raw = randomBytes(32);
    prepared(this.#db, 'INSERT INTO person_keys (key_id, subject_hash, key, created, last_used) VALUES (?, ?, ?, ?, ?)').run(keyId, hash, raw, time, time);
    return { keyId, key: createSecretKey(raw) };
  }

  #loadKey(keyId: string): KeyObject | null {
    const cached = this.#cache.get(keyId);
    if (cached !== undefined) return cached;
    const row = prepared(this.#db, 'SELECT key FROM person_keys WHERE key_id = ?').get(keyId) as { key: Buffer } | undefined;
    const key = row ? createSecretKey(row.key) : null;
    this.#cache.set(keyId, key);
    return key;
  }

  /** Subjects are looked up by a keyed hash, so the key table holds no e-mail addresses. */
  #subjectHash(subject: string): string {
    return createHmac('sha256', this.#pepper).update(subject).digest('base64url');
  }
}
