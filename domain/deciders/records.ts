import { ConflictError } from '../errors.ts';
import type { CalendarFeedTokenRotated, FileDiscarded, FileUploaded, SupportRequested } from '../events.ts';
import type { Decider } from './decider.ts';

/**
 * Records that are written once (an upload, a support request) or simply replaced (the calendar feed's
 * secret): their deciders only guard against writing the same record twice.
 */
type Once = { status: 'none' } | { status: 'recorded' };

export type RecordUpload = { type: 'RecordUpload'; data: FileUploaded['data'] };
export type DiscardUpload = { type: 'DiscardUpload'; data: FileDiscarded['data'] };
type UploadState = { status: 'none' } | { status: 'recorded' } | { status: 'discarded' };

/** An upload is recorded once, and may be discarded once (discarding it again changes nothing). */
export const uploadDecider: Decider<UploadState, RecordUpload | DiscardUpload, FileUploaded | FileDiscarded> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: event.type === 'FileUploaded' ? 'recorded' : 'discarded' }),
  decide: (command, state) => {
    switch (command.type) {
      case 'RecordUpload':
        if (state.status !== 'none') throw new ConflictError('upload_exists', 'This file is already recorded');
        return [{ type: 'FileUploaded', data: command.data }];
      case 'DiscardUpload':
        return state.status === 'recorded' ? [{ type: 'FileDiscarded', data: command.data }] : [];
      default: {
        const _never: never = command;
        return _never;
      }
    }
  },
};

export type SubmitSupportRequest = { type: 'SubmitSupportRequest'; data: SupportRequested['data'] };
export const supportDecider: Decider<Once, SubmitSupportRequest, SupportRequested> = {
  initialState: () => ({ status: 'none' }),
  evolve: () => ({ status: 'recorded' }),
  decide: (command, state) => {
    if (state.status === 'recorded') throw new ConflictError('support_request_exists', 'This support request already exists');
    return [{ type: 'SupportRequested', data: command.data }];
  },
};

export type RotateFeedToken = { type: 'RotateFeedToken'; data: { tokenHash: string } };
/** The feed's secret is replaced as often as asked: nothing about the earlier ones matters, so it keeps no state. */
export const calendarFeedDecider: Decider<null, RotateFeedToken, CalendarFeedTokenRotated> = {
  initialState: () => null,
  evolve: () => null,
  decide: (command) => [{ type: 'CalendarFeedTokenRotated', data: { tokenHash: command.data.tokenHash } }],
};
