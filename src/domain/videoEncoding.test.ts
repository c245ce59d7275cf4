import { describe, expect, it } from 'vitest';
import {
  afterVideoCheck,
  checksAgain,
  initialVideoEncoding,
  VIDEO_CHECK_EVERY_MS,
  whileWaiting,
} from './videoEncoding';

describe('video encoding (SPEC §4, §9)', () => {
  it('starts FETCHING; ready gives ENCODED, queued PROCESSING, anything else ERROR', () => {
    const start = initialVideoEncoding(0);
    expect(start.status).toBe('FETCHING');
    expect(afterVideoCheck(start, 'ready', 10).status).toBe('ENCODED');
    expect(afterVideoCheck(start, 'queued', 10).status).toBe('PROCESSING');
    expect(afterVideoCheck(start, 'failed', 10).status).toBe('ERROR');
    expect(afterVideoCheck(start, 'request_failed', 10).status).toBe('ERROR');
  });

  it('shows PROCESSING after 2 s without an answer, and not before', () => {
    const start = initialVideoEncoding(1000);
    expect(whileWaiting(start, 2999).status).toBe('FETCHING');
    expect(whileWaiting(start, 3000).status).toBe('PROCESSING');
  });

  it('repeats while queued (every 1 s) and stops once final', () => {
    expect(VIDEO_CHECK_EVERY_MS).toBe(1000);
    let state = afterVideoCheck(initialVideoEncoding(0), 'queued', 0);
    expect(checksAgain(state)).toBe(true);
    state = afterVideoCheck(state, 'queued', 1000);
    expect(state.status).toBe('PROCESSING');
    state = afterVideoCheck(state, 'ready', 2000);
    expect(state.status).toBe('ENCODED');
    expect(checksAgain(state)).toBe(false);
    expect(afterVideoCheck(state, 'failed', 3000).status).toBe('ENCODED');
  });
});
