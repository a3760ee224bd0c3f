import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted: the envelope recipients, the raw message and its decoded parts. */
export type ReceivedMail = { to: string[]; from: string; subject: string; text: string | null; html: string | null; raw: string };

export type SmtpSink = {
  port: number;
  /** What SMTP_URL should be. */
  url: string;
  /** Every message received, in order. */
  messages: ReceivedMail[];
  close(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 (port 0 unless given) that keeps what it receives in memory. No AUTH, no
 * STARTTLS (nodemailer would otherwise upgrade and refuse the self-signed certificate). `answer`, when given,
 * decides each message's fate after it arrived: resolve to accept it, or to an Error to refuse it (550); it may
 * take its time (a slow mail server, or one a test holds until the moment it wants).
 */
export async function startSmtp(options: { port?: number; answer?: (mail: ReceivedMail) => Promise<Error | void> } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = { ...parseMail(raw), to: session.envelope.rcptTo.map((r) => r.address), from, raw };
        if (!options.answer) {
          messages.push(mail);
          callback();
          return;
        }
        void options.answer(mail).then((refusal) => {
          if (refusal) return callback(Object.assign(refusal, { responseCode: 550 }));
          messages.push(mail);
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound, then released): SMTP "down". */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Just enough MIME for what nodemailer writes: folded headers, RFC 2047 encoded words, nested multiparts,
 * quoted-printable, base64 and 7/8 bit bodies in UTF-8.
 */
export function parseMail(raw: string): { subject: string; text: string | null; html: string | null } {
  const found: { text: string | null; html: string | null } = { text: null, html: null };
  const top = splitEntity(raw);
  walk(top, found);
  return { subject: decodeWords(top.headers.get('subject') ?? ''), ...found };
}

type Entity = { headers: Map<string, string>; body: string };

function splitEntity(raw: string): Entity {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function walk(entity: Entity, found: { text: string | null; html: string | null }): void {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const mime = type.split(';')[0]!.trim().toLowerCase();
  if (mime.startsWith('multipart/')) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return;
    const parts = entity.body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      walk(splitEntity(part.replace(/^\n/, '')), found);
    }
    return;
  }
  const content = decodeBody(entity.body, entity.headers.get('content-transfer-encoding') ?? '7bit');
  if (mime === 'text/plain' && found.text === null) found.text = content;
  if (mime === 'text/html' && found.html === null) found.html = content;
}

function decodeBody(body: string, encoding: string): string {
  const trimmed = body.replace(/\n$/, '');
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(trimmed.replace(/=\n/g, ''));
    case 'base64':
      return Buffer.from(trimmed.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return trimmed;
  }
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text.slice(i + 1, i + 3);
    if (text[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(text[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047: `=?utf-8?Q?...?=` and `=?utf-8?B?...?=`; blanks between two encoded words vanish. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset: string, mode: string, data: string) =>
      mode.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
