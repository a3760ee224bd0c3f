import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Router from '@koa/router';
import { publicUser } from '#data/queries.ts';
import type { AppDeps } from '../deps.ts';
import { currentUser } from '../http/session.ts';

/** One message of the development outbox, as the mail sender wrote it beside the .eml file. */
export type DevOutboxMessage = { id: number; kind: string; to: string; subject: string; text: string; sentAt: string };

/** How many outbox messages the /email-test screen gets. */
const OUTBOX_LATEST = 20;

/**
 * Developer tools: GET /api/debug-auth (the /test-login and /test-auth screens) and GET /api/dev/outbox
 * (/email-test). Mounted by createApp only in development; in test and production these paths are 404.
 */
export function devRoutes({ storage, config }: AppDeps): Router {
  const router = new Router();

  router.get('/api/debug-auth', (ctx) => {
    const session = ctx.session as { isNew?: boolean; userId?: string } | null;
    const user = currentUser(ctx, storage.queries);
    ctx.body = {
      session: { present: Boolean(session && !session.isNew), userId: session?.userId ?? null },
      user: user ? publicUser(user) : null,
      // Names only: the values are the session's secrets.
      cookies: cookieNames(ctx.get('cookie')),
      env: config.env,
    };
  });

  router.get('/api/dev/outbox', (ctx) => {
    ctx.body = { messages: latestOutbox(config.mail.devOutboxDir, OUTBOX_LATEST) };
  });

  return router;
}

function cookieNames(header: string): string[] {
  return header
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name.length > 0);
}

/** The newest `limit` messages, newest first. The sender names files `<sent time>-<outbox id>.json`. */
function latestOutbox(dir: string, limit: number): DevOutboxMessage[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const files = names
    .map((name) => /^(.+)-(\d+)\.json$/.exec(name))
    .filter((m) => m !== null)
    .map((m) => ({ name: m[0], sent: m[1]!, id: Number(m[2]) }))
    .sort((a, b) => (a.sent === b.sent ? b.id - a.id : a.sent < b.sent ? 1 : -1))
    .slice(0, limit);
  const messages: DevOutboxMessage[] = [];
  for (const file of files) {
    try {
      const m = JSON.parse(readFileSync(join(dir, file.name), 'utf8')) as Partial<DevOutboxMessage>;
      messages.push({ id: m.id ?? file.id, kind: m.kind ?? '', to: m.to ?? '', subject: m.subject ?? '', text: m.text ?? '', sentAt: m.sentAt ?? '' });
    } catch {
      // A file being written or edited by hand: skip it.
    }
  }
  return messages;
}
