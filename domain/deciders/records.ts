import { ConflictError } from '../errors.ts';
import type { CalendarFeedTokenRotated, CalendarFeedTurnedOff, FileDiscarded, FileUploaded, SupportRequested } from '../events.ts';
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
export type TurnOffFeed = { type: 'TurnOffFeed'; data: Record<string, never> };
/** The secret that works now (its hash), or null when there is none. */
type FeedState = { tokenHash: string | null };

/**
 * The feed's secret is replaced as often as asked (nothing about the earlier ones matters), and turned off when asked:
 * then no link works until a new one is made. Turning off a feed that is off changes nothing.
 */
export const calendarFeedDecider: Decider<FeedState, RotateFeedToken | TurnOffFeed, CalendarFeedTokenRotated | CalendarFeedTurnedOff> = {
  initialState: () => ({ tokenHash: null }),
  evolve: (_state, event) => ({ tokenHash: event.type === 'CalendarFeedTokenRotated' ? event.data.tokenHash : null }),
  decide: (command, state) => {
    switch (command.type) {
      case 'RotateFeedToken':
        return [{ type: 'CalendarFeedTokenRotated', data: { tokenHash: command.data.tokenHash } }];
      case 'TurnOffFeed':
        return state.tokenHash === null ? [] : [{ type: 'CalendarFeedTurnedOff', data: { tokenHash: state.tokenHash } }];
      default: {
        const _never: never = command;
        return _never;
      }
    }
  },
};
