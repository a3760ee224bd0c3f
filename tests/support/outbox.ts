import { renderMail } from '#backend/mail/templates.ts';
import type { MailBody } from '#data/mail-outbox.ts';

/** A `mail_outbox` row's plain text, as the sender renders it (ADR 023): from its body, or as queued before bodies. */
export function mailText(row: { body: string | null; text: string }): string {
  return row.body === null ? row.text : renderMail(JSON.parse(row.body) as MailBody).text;
}
