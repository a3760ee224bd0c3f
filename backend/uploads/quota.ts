import type { Queries } from '#data/queries.ts';
import { HttpError } from '../http/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const MB = 1024 * 1024;
const size = (bytes: number): string => (bytes >= MB ? `${Math.round(bytes / MB)} MB` : `${Math.round(bytes / 1024)} KB`);

/** What one request may still write: asked chunk by chunk while the files arrive. */
export type UploadBudget = {
  /** Takes `bytes` from the account's allowance; false (and nothing taken) when that would exceed it. */
  take(bytes: number): boolean;
  /** Gives back what this request took (its files are recorded, or were refused). */
  release(): void;
};

/**
 * The per-account upload quota: what an account uploaded in the last 24 hours (files still kept) plus what its
 * requests are receiving right now may not exceed the quota. The admin has no quota.
 */
export class UploadQuota {
  readonly #queries: Queries;
  readonly #bytesPerDay: number;
  readonly #receiving = new Map<string, number>();

  constructor(queries: Queries, bytesPerDay: number) {
    this.#queries = queries;
    this.#bytesPerDay = bytesPerDay;
  }

  /** A budget for one request, or a 429 at once when the account has nothing left today. */
  open(user: { id: string; isAdmin: boolean }, now: Date): UploadBudget {
    if (user.isAdmin) return { take: () => true, release: () => {} };
    const since = () => new Date(now.getTime() - DAY_MS).toISOString();
    const used = () => this.#queries.uploadUsage(user.id, since());
    if (used().bytes + (this.#receiving.get(user.id) ?? 0) >= this.#bytesPerDay) throw this.#exceeded(used().oldest, now);
    let taken = 0;
    return {
      take: (bytes) => {
        const receiving = this.#receiving.get(user.id) ?? 0;
        if (used().bytes + receiving + bytes > this.#bytesPerDay) return false;
        this.#receiving.set(user.id, receiving + bytes);
        taken += bytes;
        return true;
      },
      release: () => {
        const left = (this.#receiving.get(user.id) ?? 0) - taken;
        taken = 0;
        if (left > 0) this.#receiving.set(user.id, left);
        else this.#receiving.delete(user.id);
      },
    };
  }

  /** The refusal when a request ran past the allowance. */
  exceeded(user: { id: string }, now: Date): HttpError {
    return this.#exceeded(this.#queries.uploadUsage(user.id, new Date(now.getTime() - DAY_MS).toISOString()).oldest, now);
  }

  /** 429 with Retry-After: when the oldest upload counted today leaves the 24-hour window. */
  #exceeded(oldest: string | null, now: Date): HttpError {
    const freeAt = oldest ? new Date(oldest).getTime() + DAY_MS : now.getTime() + 60_000;
    const seconds = Math.max(60, Math.ceil((freeAt - now.getTime()) / 1000));
    const hours = Math.ceil(seconds / 3600);
    const err = new HttpError(
      429,
      'upload_quota_exceeded',
      `You can upload up to ${size(this.#bytesPerDay)} a day. Please try again in ${hours === 1 ? 'an hour' : `${hours} hours`}, or bring the files to the job.`,
    );
    err.headers['Retry-After'] = String(seconds);
    return err;
  }
}
