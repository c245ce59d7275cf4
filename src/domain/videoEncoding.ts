import { VIDEO_CHECK_INTERVAL_MS, VIDEO_PROCESSING_AFTER_MS } from './constants';

/**
 * SPEC §4 Video encoding: FETCHING, PROCESSING, ENCODED, ERROR. "Polled about every second;
 * queued gives PROCESSING and repeats; ready gives ENCODED; anything else ERROR." SPEC §9: video
 * check every 1 s; PROCESSING after 2 s without answer.
 */
export type VideoEncodingStatus = 'FETCHING' | 'PROCESSING' | 'ENCODED' | 'ERROR';

/** What a video check answered: the v-check result, or a failed request. */
export type VideoCheckAnswer = 'queued' | 'ready' | 'failed' | 'request_failed';

export interface VideoEncodingState {
  status: VideoEncodingStatus;
  /** When the current check was sent (ms, any clock): the 2 s "no answer" rule counts from it. */
  checkSentAt: number;
}

export const initialVideoEncoding = (now: number): VideoEncodingState => ({
  status: 'FETCHING',
  checkSentAt: now,
});

/** The status after an answer. ENCODED and ERROR are final. */
export function afterVideoCheck(
  state: VideoEncodingState,
  answer: VideoCheckAnswer,
  now: number,
): VideoEncodingState {
  if (state.status === 'ENCODED' || state.status === 'ERROR') return state;
  if (answer === 'ready') return { status: 'ENCODED', checkSentAt: now };
  if (answer === 'queued') return { status: 'PROCESSING', checkSentAt: now };
  return { status: 'ERROR', checkSentAt: now };
}

/** A check still unanswered 2 s after it was sent shows the video as processing. */
export function whileWaiting(state: VideoEncodingState, now: number): VideoEncodingState {
  if (state.status !== 'FETCHING') return state;
  return now - state.checkSentAt >= VIDEO_PROCESSING_AFTER_MS
    ? { ...state, status: 'PROCESSING' }
    : state;
}

/** Whether another check is due (PROCESSING repeats every second; final states never). */
export const checksAgain = (state: VideoEncodingState): boolean =>
  state.status === 'PROCESSING' || state.status === 'FETCHING';

export const VIDEO_CHECK_EVERY_MS = VIDEO_CHECK_INTERVAL_MS;
export const VIDEO_NO_ANSWER_MS = VIDEO_PROCESSING_AFTER_MS;
