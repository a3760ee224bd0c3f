import { describe, expect, it } from 'vitest';
import { renderMail, requestReceived, type RequestSummary } from '#backend/mail/templates.ts';

/**
 * The customer's receipt (requestReceived): what they sent, so a day or a number typed wrong is caught now; the words
 * they typed only to an account's own proven address (a visitor's typed address could be anyone's).
 */
describe('the receipt of a request', () => {
  const typed: RequestSummary = {
    kind: 'quote',
    firstName: 'Kit',
    email: 'kit@example.com',
    phone: '07700 900123',
    serviceType: 'EV Charger',
    preferredDate: '2026-12-15',
    address: '1 High Street, Staines',
    description: 'A charger on the drive',
  };
  const text = (r: RequestSummary, echoText: boolean) => renderMail(requestReceived('kit@example.com', r, echoText).body).text;

  it('lists the day and the number, and the words typed only when asked to', () => {
    expect(text(typed, false)).toMatch(/What you sent us:\nPreferred date: \w+ 15 Dec 2026\nPhone: 07700 900123\n/);
    expect(text(typed, false)).not.toContain('1 High Street');
    expect(text(typed, true)).toContain('Address: 1 High Street, Staines');
    expect(text(typed, true)).toContain('Details: A charger on the drive');
  });

  it('has no "What you sent us" heading with nothing under it', () => {
    const bare = text({ kind: 'quote', firstName: 'Kit', serviceType: 'Electrical Repair' }, false);
    expect(bare).not.toContain('What you sent us');
    expect(bare).toContain('Thank you for your quote request for Electrical Repair.');
  });

  it('names a service the forms do not offer only to a proven address: it is any text to whoever calls the API', () => {
    const odd = { kind: 'quote', firstName: 'Kit', serviceType: 'parcel held: pay at https://evil.example/pay' } as const;
    expect(text(odd, false)).toContain('Thank you for your quote request. We will be in touch');
    const html = renderMail(requestReceived('kit@example.com', odd, false).body).html;
    expect(html).not.toContain('evil.example');
    expect(text(odd, true)).toContain('quote request for parcel held: pay at https://evil.example/pay.');
    // The forms' own choices, by key or by words.
    expect(text({ ...odd, serviceType: 'fuse_box_upgrade' }, false)).toContain('quote request for Fuse Box Upgrade.');
    expect(text({ ...odd, serviceType: 'Testing & Inspection' }, false)).toContain('quote request for Testing & Inspection.');
  });

  it('says how many photos or documents came with it, to any address (a count is nobody’s words)', () => {
    expect(text({ ...typed, attachments: [{}, {}] }, false)).toContain('Files: 2 photos or documents');
    expect(text({ ...typed, attachments: [{}] }, false)).toContain('Files: 1 photo or document');
    expect(text(typed, false)).not.toContain('Files:');
  });
});
