/**
 * Throttles password guessing on the identity-provider emulator's login form (issue 23): failed
 * attempts are counted per account (the e-mail as typed, known or not, so a lockout never tells
 * whether an account exists) and per client address. A few failures are free; after that each
 * failure locks the key for twice as long as the one before (1 min, 2, 4 … capped at an hour).
 * Only failures count: correct sign-ins, however many, are never slowed down. A success clears
 * its account's count but not its address's (else one's own account would reset the count of
 * guesses at others). Counts are forgotten a day after their last failure.
 *
 * In memory on purpose, like the PKCE store: a restart forgets the counts, which costs an
 * attacker a restart per hour of lockout.
 */
export interface ThrottleRule {
  /** Failures allowed before the first lock. */
  free: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** A count with no failure for this long starts again from zero. */
  forgetAfterSeconds: number;
}

export const ACCOUNT_RULE: ThrottleRule = {
  free: 5,
  firstLockSeconds: 60,
  maxLockSeconds: 3600,
  forgetAfterSeconds: 86_400,
};

/** More room per address: several people may sign in from behind one NAT. */
export const ADDRESS_RULE: ThrottleRule = {
  free: 20,
  firstLockSeconds: 60,
  maxLockSeconds: 3600,
  forgetAfterSeconds: 86_400,
};

interface Count {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

/** Bounds memory under a flood of made-up e-mails (the address rule stops the flood itself). */
const MAX_KEYS = 50_000;

class Counter {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly rule: ThrottleRule) {}

  /** Seconds this key is still locked for (0: may try). */
  lockedFor(key: string, now: number): number {
    const count = this.counts.get(key);
    return count ? Math.max(0, count.lockedUntil - now) : 0;
  }

  fail(key: string, now: number): void {
    const previous = this.counts.get(key);
    const fresh = !previous || now - previous.lastFailure > this.rule.forgetAfterSeconds;
    const failures = fresh ? 1 : previous.failures + 1;
    const over = failures - this.rule.free;
    const lock =
      over < 0
        ? 0
        : Math.min(this.rule.maxLockSeconds, this.rule.firstLockSeconds * 2 ** Math.min(over, 30));
    // Re-inserted so the map stays in order of last failure (the oldest go first when full).
    this.counts.delete(key);
    this.counts.set(key, { failures, lastFailure: now, lockedUntil: now + lock });
    if (this.counts.size > MAX_KEYS) this.sweep(now);
  }

  forget(key: string): void {
    this.counts.delete(key);
  }

  clear(): void {
    this.counts.clear();
  }

  private sweep(now: number): void {
    for (const [key, count] of this.counts) {
      const stale = now - count.lastFailure > this.rule.forgetAfterSeconds;
      if (!stale && this.counts.size <= MAX_KEYS) break;
      this.counts.delete(key);
    }
  }
}

export class LoginThrottle {
  private readonly accounts: Counter;
  private readonly addresses: Counter;

  constructor(
    /** Unix seconds. */
    private readonly clock: () => number,
    rules: { account: ThrottleRule; address: ThrottleRule } = {
      account: ACCOUNT_RULE,
      address: ADDRESS_RULE,
    },
  ) {
    this.accounts = new Counter(rules.account);
    this.addresses = new Counter(rules.address);
  }

  /** Seconds until a sign-in for this e-mail from this address may be tried; 0 when it may. */
  retryAfter(email: string, address: string): number {
    const now = this.clock();
    return Math.max(
      this.accounts.lockedFor(accountKey(email), now),
      this.addresses.lockedFor(address, now),
    );
  }

  recordFailure(email: string, address: string): void {
    const now = this.clock();
    this.accounts.fail(accountKey(email), now);
    this.addresses.fail(address, now);
  }

  recordSuccess(email: string): void {
    this.accounts.forget(accountKey(email));
  }

  /** Forgets every count (tests and the e2e harness's controls). */
  clear(): void {
    this.accounts.clear();
    this.addresses.clear();
  }
}

/** E-mails are matched case-insensitively at sign-in, so they are counted that way too. */
const accountKey = (email: string): string => email.trim().toLowerCase();
