import { Counter, type ThrottleRule } from './loginThrottle';

/**
 * Guesses of an album's or a share's password (a read of its link with a wrong password as the
 * basic auth, routes/linkRead.ts), counted per link and client address (issue 33): a few free,
 * then locks of 1, 2, 4 … 60
 * minutes for that address only. One visitor's guesses never lock the link for its other
 * visitors, and never count against signing in from their address (auth/loginThrottle.ts is
 * the sign-in's own). In memory, like the login throttle.
 */
export const LINK_RULE: ThrottleRule = {
  free: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 3600,
  forgetAfterSeconds: 86_400,
};

export class LinkThrottle {
  private readonly pairs = new Counter(LINK_RULE);

  constructor(
    /** Unix seconds. */
    private readonly clock: () => number,
  ) {}

  /** Seconds until this address may try this link's password again (0: now). */
  retryAfter(link: string, address: string): number {
    return this.pairs.lockedFor(key(link, address), this.clock());
  }

  recordFailure(link: string, address: string): void {
    this.pairs.fail(key(link, address), this.clock());
  }

  recordSuccess(link: string, address: string): void {
    this.pairs.forget(key(link, address));
  }

  clear(): void {
    this.pairs.clear();
  }
}

const key = (link: string, address: string): string => `${link}\n${address}`;
