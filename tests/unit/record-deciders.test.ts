import { describe, expect, it } from 'vitest';
import { decideInTurn } from '#domain/deciders/decider.ts';
import { calendarFeedDecider, supportDecider, uploadDecider } from '#domain/deciders/records.ts';
import type { FileDiscarded, FileUploaded, SupportRequested } from '#domain/events.ts';
import { spec } from '../support/decider-spec.ts';

const uploaded: FileUploaded = {
  type: 'FileUploaded',
  data: { filename: 'a1b2c3.jpg', originalname: 'consumer-unit.jpg', size: 2048, mimeType: 'image/jpeg', uploaderId: 'u1' },
};
const discarded: FileDiscarded = { type: 'FileDiscarded', data: { filename: 'a1b2c3.jpg', reason: 'unattached' } };
const upload = spec(uploadDecider);

describe('upload decider', () => {
  it('records an upload once', () => {
    upload.given([]).when({ type: 'RecordUpload', data: uploaded.data }).thenEvents([uploaded]);
    upload.given([uploaded]).when({ type: 'RecordUpload', data: uploaded.data }).thenThrows('upload_exists', { message: 'This file is already recorded' });
  });

  it('never records a discarded file again under its name', () => {
    upload.given([uploaded, discarded]).when({ type: 'RecordUpload', data: uploaded.data }).thenThrows('upload_exists');
  });

  it('discards a recorded upload once; discarding again, or an unknown file, changes nothing', () => {
    upload.given([uploaded]).when({ type: 'DiscardUpload', data: discarded.data }).thenEvents([discarded]);
    upload.given([uploaded, discarded]).when({ type: 'DiscardUpload', data: discarded.data }).thenEvents([]);
    upload.given([]).when({ type: 'DiscardUpload', data: discarded.data }).thenEvents([]);
  });
});

describe('support decider', () => {
  const requested: SupportRequested = {
    type: 'SupportRequested',
    data: {
      requestId: 's1',
      name: 'Ann Smith',
      email: 'ann@example.com',
      phone: '01632 960001',
      issueType: 'login',
      description: 'I cannot sign in',
      bookingReference: null,
    },
  };

  it('takes a support request once', () => {
    spec(supportDecider).given([]).when({ type: 'SubmitSupportRequest', data: requested.data }).thenEvents([requested]);
    spec(supportDecider)
      .given([requested])
      .when({ type: 'SubmitSupportRequest', data: requested.data })
      .thenThrows('support_request_exists', { message: 'This support request already exists' });
  });
});

describe('calendar feed decider', () => {
  it('rotates the feed secret as often as asked, keeping only the hash', () => {
    const rotated = { type: 'CalendarFeedTokenRotated', data: { tokenHash: 'h2' } } as const;
    spec(calendarFeedDecider)
      .given([{ type: 'CalendarFeedTokenRotated', data: { tokenHash: 'h1' } }])
      .when({ type: 'RotateFeedToken', data: { tokenHash: 'h2' } })
      .thenEvents([rotated]);
  });

  it('turns off the link that works, naming it, and turning off a feed that is off changes nothing', () => {
    spec(calendarFeedDecider)
      .given([
        { type: 'CalendarFeedTokenRotated', data: { tokenHash: 'h1' } },
        { type: 'CalendarFeedTokenRotated', data: { tokenHash: 'h2' } },
      ])
      .when({ type: 'TurnOffFeed', data: {} })
      .thenEvents([{ type: 'CalendarFeedTurnedOff', data: { tokenHash: 'h2' } }]);
    spec(calendarFeedDecider).given([]).when({ type: 'TurnOffFeed', data: {} }).thenEvents([]);
    spec(calendarFeedDecider)
      .given([
        { type: 'CalendarFeedTokenRotated', data: { tokenHash: 'h1' } },
        { type: 'CalendarFeedTurnedOff', data: { tokenHash: 'h1' } },
      ])
      .when({ type: 'TurnOffFeed', data: {} })
      .thenEvents([]);
  });
});

describe('decideInTurn', () => {
  it('decides each command on the state the ones before it led to, and answers all their events', () => {
    const events = decideInTurn(
      uploadDecider,
      [
        { type: 'RecordUpload', data: uploaded.data },
        { type: 'DiscardUpload', data: discarded.data },
      ],
      uploadDecider.initialState(),
    );
    expect(events).toEqual([uploaded, discarded]);
  });

  it('refuses them all when one is refused', () => {
    const twice = () =>
      decideInTurn(
        uploadDecider,
        [
          { type: 'RecordUpload', data: uploaded.data },
          { type: 'RecordUpload', data: uploaded.data },
        ],
        uploadDecider.initialState(),
      );
    expect(twice).toThrow('This file is already recorded');
  });
});
