import { ConflictError } from '../errors.ts';
import type { CalendarFeedTokenRotated, FileUploaded, SupportRequested } from '../events.ts';
import type { Decider } from './decider.ts';

/**
 * Records that are written once (an upload, a support request) or simply replaced (the calendar feed's
 * secret): their deciders only guard against writing the same record twice.
 */
type Once = { status: 'none' } | { status: 'recorded' };

export type RecordUpload = { type: 'RecordUpload'; data: FileUploaded['data'] };
export const uploadDecider: Decider<Once, RecordUpload, FileUploaded> = {
  initialState: () => ({ status: 'none' }),
  evolve: () => ({ status: 'recorded' }),
  decide: (command, state) => {
    if (state.status !== 'none') throw new ConflictError('upload_exists', 'This file is already recorded');
    return [{ type: 'FileUploaded', data: command.data }];
  },
};

export type SubmitSupportRequest = { type: 'SubmitSupportRequest'; data: SupportRequested['data'] };
export const supportDecider: Decider<Once, SubmitSupportRequest, SupportRequested> = {
  initialState: () => ({ status: 'none' }),
  evolve: () => ({ status: 'recorded' }),
  decide: (command, state) => {
    if (state.status !== 'none') throw new ConflictError('support_request_exists', 'This support request already exists');
    return [{ type: 'SupportRequested', data: command.data }];
  },
};

export type RotateFeedToken = { type: 'RotateFeedToken'; data: { tokenHash: string } };
export const calendarFeedDecider: Decider<Once, RotateFeedToken, CalendarFeedTokenRotated> = {
  initialState: () => ({ status: 'none' }),
  evolve: () => ({ status: 'recorded' }),
  decide: (command) => [{ type: 'CalendarFeedTokenRotated', data: { tokenHash: command.data.tokenHash } }],
};
