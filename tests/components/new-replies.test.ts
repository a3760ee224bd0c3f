import { describe, expect, it } from 'vitest';
import type { MessageView } from '#domain/views.ts';
import { newReplies } from '../../pwa/components/portal/replies.ts';

let n = 0;
const message = (bookingId: string, fromUs: boolean, minute: number): MessageView => ({
  id: `m${++n}`,
  bookingId,
  senderId: null,
  senderName: fromUs ? 'Admin' : 'Priya',
  content: 'text',
  attachments: null,
  isFromAdmin: fromUs,
  createdAt: `2026-11-28T10:${String(minute).padStart(2, '0')}:00.000Z`,
});
const never = () => null;

describe('the customer’s new replies', () => {
  it('counts the business’s messages after the customer’s last one, per booking', () => {
    const messages = [message('a', false, 1), message('a', true, 2), message('a', true, 3), message('b', true, 4), message('b', false, 5)];
    expect(newReplies(messages, never)).toEqual(new Map([['a', 2]]));
  });

  it('counts only those after the chat was last open on this device', () => {
    const messages = [message('a', false, 1), message('a', true, 2), message('a', true, 3)];
    expect(newReplies(messages, () => '2026-11-28T10:02:00.000Z')).toEqual(new Map([['a', 1]]));
    expect(newReplies(messages, () => '2026-11-28T10:03:00.000Z')).toEqual(new Map());
  });

  it('starts counting again when the business writes after the customer answered', () => {
    const messages = [message('a', true, 1), message('a', false, 2), message('a', true, 3)];
    expect(newReplies(messages, never)).toEqual(new Map([['a', 1]]));
  });
});
