import { isIPv6 } from 'node:net';
import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from './errors.ts';

/** The rate-limited groups of calls. */
export type LimitName = 'login' | 'register' | 'reset' | 'token' | 'lookup' | 'submit' | 'change' | 'gone';

type Rule = { points: number; seconds: number };

/**
 * Per IP: every call counts. Per account: sign-in and support-lookup failures, and every reset request, count
 * keyed by account *and* IP, so somebody asking from elsewhere cannot lock the real owner out; a successful
 * sign-in clears the owner's count. (Counting resets per email alone let anyone block the owner's reset by
 * asking six times from another address.) The admin, once signed in, is exempt from all of them.
 */
const RULES: Record<LimitName, { ip: Rule; account?: Rule }> = {
  login: { ip: { points: 30, seconds: 15 * 60 }, account: { points: 10, seconds: 15 * 60 } },
  register: { ip: { points: 10, seconds: 60 * 60 } },
  // Calls that send a mail (a reset link, a confirmation link): five an hour for one address from one IP, twenty
  // from one IP (a household, an office or a phone network's shared address asks for a few each).
  reset: { ip: { points: 20, seconds: 60 * 60 }, account: { points: 5, seconds: 60 * 60 } },
  // Calls that carry a mailed token (confirm an address, set a new password): a token cannot be guessed, but the
  // calls stay bounded; apart from the mails, so opening a link is never refused for links asked for earlier.
  token: { ip: { points: 30, seconds: 15 * 60 } },
  lookup: { ip: { points: 20, seconds: 60 * 60 }, account: { points: 10, seconds: 60 * 60 } },
  submit: { ip: { points: 30, seconds: 10 * 60 } },
  // What a signed-in customer writes on their own records: a chat message, new days for a request, their name. Each
  // appends to a stream read whole by the next (a chat, the account) and most send a mail: a chat in full flow is a
  // message every ten seconds, and nobody can make a chat or an account endless, nor our outbox a flood.
  change: { ip: { points: 60, seconds: 10 * 60 } },
  // A device asking which accounts of its queue are gone (GET /api/auth/gone): once a drain, while another account's
  // items wait on it, so a shared tablet asks often. Its ids cannot be guessed, but the calls stay bounded; counted
  // apart, so a device's questions never use up what the same address may submit or look up.
  gone: { ip: { points: 60, seconds: 15 * 60 } },
};

/**
 * Wrong passwords typed to confirm an action in a signed-in session (My Account's changes), per session and for
 * everyone, the admin too: a stolen session cookie must not try passwords freely. The admin is exempt from the other
 * limits, so nobody can lock them out by failing to sign in as them; this limit only holds who holds that session.
 */
const CONFIRM: Rule = { points: 5, seconds: 15 * 60 };

/**
 * The mails an address gets about sign-ups tried with it ("someone tried to create an account with your address"):
 * three a day, whoever asks from wherever. Beyond that the sign-up is answered as ever (it reveals nobody's account)
 * but no mail goes: nobody can have us flood someone's inbox from many addresses.
 */
const OWNER_NOTICE: Rule = { points: 3, seconds: 24 * 60 * 60 };

/** In-memory limiters (one process owns the database, so one process owns the counts too). */
export class RateLimits {
  readonly #ip = new Map<LimitName, RateLimiterMemory>();
  readonly #account = new Map<LimitName, RateLimiterMemory>();
  readonly #confirm: RateLimiterMemory;
  readonly #ownerNotice: RateLimiterMemory;
  readonly #exempt: (ctx: Context) => boolean;

  /**
   * `scale` multiplies every allowance; configuration (RATE_LIMIT_SCALE) raises it for tests and benchmarks.
   * `exempt` says whether a request is the signed-in admin's: the owner of the business is not a public caller.
   */
  constructor(scale = 1, exempt: (ctx: Context) => boolean = () => false) {
    this.#exempt = exempt;
    this.#confirm = new RateLimiterMemory({ keyPrefix: 'session:confirm', points: Math.ceil(CONFIRM.points * scale), duration: CONFIRM.seconds });
    this.#ownerNotice = new RateLimiterMemory({ keyPrefix: 'address:notice', points: Math.ceil(OWNER_NOTICE.points * scale), duration: OWNER_NOTICE.seconds });
    for (const [name, rule] of Object.entries(RULES) as Array<[LimitName, (typeof RULES)[LimitName]]>) {
      this.#ip.set(name, new RateLimiterMemory({ keyPrefix: `ip:${name}`, points: Math.ceil(rule.ip.points * scale), duration: rule.ip.seconds }));
      if (rule.account) {
        this.#account.set(
          name,
          new RateLimiterMemory({ keyPrefix: `acct:${name}`, points: Math.ceil(rule.account.points * scale), duration: rule.account.seconds }),
        );
      }
    }
  }

  /** Middleware: one point per request from the caller's IP. */
  perIp(name: LimitName) {
    return async (ctx: Context, next: Next): Promise<void> => {
      if (!this.#exempt(ctx)) await consume(this.#ip.get(name)!, clientKey(ctx.ip));
      await next();
    };
  }

  /** Counts one more for an account (a failed sign-in, a reset request, a lookup). */
  async countAccount(name: LimitName, ctx: Context, account: string): Promise<void> {
    const limiter = this.#account.get(name);
    if (limiter && !this.#exempt(ctx)) await consume(limiter, accountKey(ctx, account));
  }

  /** Refuses at once when the account's allowance from this IP is used up, before any costly check. */
  async checkAccount(name: LimitName, ctx: Context, account: string): Promise<void> {
    const limiter = this.#account.get(name);
    if (!limiter || this.#exempt(ctx)) return;
    const res = await limiter.get(accountKey(ctx, account));
    if (res && res.consumedPoints >= limiter.points) throw tooManyRequests(res.msBeforeNext);
  }

  /** Refuses at once when the session has typed too many wrong passwords to confirm changes (CONFIRM), before the check. */
  async checkSession(session: string): Promise<void> {
    const res = await this.#confirm.get(session);
    if (res && res.consumedPoints >= this.#confirm.points) throw tooManyRequests(res.msBeforeNext);
  }

  /** Counts one more wrong password typed in the session to confirm a change. */
  async countSession(session: string): Promise<void> {
    await consume(this.#confirm, session);
  }

  /** Whether the address may be mailed about one more sign-up tried with it (OWNER_NOTICE); counts it when it may. */
  async mayNotifyOwner(address: string): Promise<boolean> {
    try {
      await this.#ownerNotice.consume(address.toLowerCase());
      return true;
    } catch (res) {
      if (res instanceof RateLimiterRes) return false;
      throw res;
    }
  }

  /** After a successful sign-in, the owner's failures are forgotten. */
  async clearAccount(name: LimitName, ctx: Context, account: string): Promise<void> {
    await this.#account.get(name)?.delete(accountKey(ctx, account));
  }
}

function accountKey(ctx: Context, account: string): string {
  return `${account.toLowerCase()}|${clientKey(ctx.ip)}`;
}

/**
 * Who is counted for an IP address: an IPv4 address itself (also one written as IPv6, `::ffff:a.b.c.d`); for IPv6 its
 * /64, the network one household or phone is given: counted by whole address, a client could take a new one of its
 * 2^64 for each request and never be limited.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const hextets = (part: string) => (part === '' ? [] : part.split(':').flatMap((h) => (h.includes('.') ? ['0', '0'] : [h])));
  const left = hextets(head);
  const right = tail === undefined ? [] : hextets(tail);
  const all = [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((h) => Number.parseInt(h, 16).toString(16))
    .join(':')}::/64`;
}

async function consume(limiter: RateLimiterMemory, key: string): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (res) {
    if (res instanceof RateLimiterRes) throw tooManyRequests(res.msBeforeNext);
    throw res;
  }
}
