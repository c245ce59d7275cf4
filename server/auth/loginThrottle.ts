/**
 * Throttles password guessing on the identity-provider emulator's login form (issues 23 and 33).
 * Only failures count: correct sign-ins, however many, are never slowed down.
 *
 * - Per account and address (the e-mail as typed, known or not, so a lock never tells whether an
 *   account exists): a few failures are free, then each failure locks the pair for twice as long
 *   as the one before (1 min, 2, 4 … capped at an hour). A stranger's guesses lock the stranger's
 *   address for that account, never the owner elsewhere (issue 33: one lock per e-mail from all
 *   addresses together let anyone keep an owner out with five requests an hour).
 * - Per address, on all accounts: more room (several people sign in from behind one NAT).
 * - Per account, from all addresses: only a soft slowdown (seconds, at most half a minute)
 *   against guesses spread over many addresses.
 * - A trusted source, an address or a browser (`TRUSTED_DEVICE_COOKIE`, routes/auth.ts) that
 *   signed in to the account before, gets the right password through any of these; its own
 *   failures meanwhile count on their own pair, so trust is a few guesses, not unlimited ones.
 *
 * A success clears its pair's count but not its address's (else one's own account would reset
 * the count of guesses at others) nor the account's slowdown. Counts are forgotten a while after
 * their last failure. In memory on purpose, like the PKCE store: a restart forgets the counts
 * (and which addresses signed in), which costs an attacker a restart per hour of lockout.
 */
export interface ThrottleRule {
  /** Failures allowed before the first lock. */
  free: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** A count with no failure for this long starts again from zero. */
  forgetAfterSeconds: number;
}

/** One account from one address (and one trusted source's own failures). */
export const PAIR_RULE: ThrottleRule = {
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

/**
 * One account from every address: a soft slowdown only (a guess every half minute at worst), so
 * guesses from many addresses cannot keep the owner out for longer than that.
 */
export const ACCOUNT_SLOWDOWN: ThrottleRule = {
  free: 20,
  firstLockSeconds: 1,
  maxLockSeconds: 30,
  forgetAfterSeconds: 3600,
};

/** The identity provider's cookie naming the browsers that signed in (routes/auth.ts). */
export const TRUSTED_DEVICE_COOKIE = 'idp_device';

/** Addresses remembered per account as having signed in. */
const KNOWN_ADDRESSES_PER_ACCOUNT = 5;

interface Count {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

/** Bounds memory under a flood of made-up e-mails (the address rule stops the flood itself). */
const MAX_KEYS = 50_000;

/** Failures per key and the lock they earn under one rule (also auth/linkThrottle.ts). */
export class Counter {
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

/** What `check` says about an attempt. */
export interface Verdict {
  /** Seconds until an attempt may be made (0: now); a trusted source may still try now. */
  wait: number;
  /** Locked, but the attempt comes from a trusted source whose own count is not: check it. */
  bypass: boolean;
}

export class LoginThrottle {
  private readonly pairs = new Counter(PAIR_RULE);
  private readonly addresses = new Counter(ADDRESS_RULE);
  private readonly accounts = new Counter(ACCOUNT_SLOWDOWN);
  /** Failures of trusted sources while the usual counts lock (key: account and source). */
  private readonly trusted = new Counter(PAIR_RULE);
  /** Addresses each account signed in from, newest last (bounded like the counts). */
  private readonly known = new Map<string, string[]>();

  constructor(
    /** Unix seconds. */
    private readonly clock: () => number,
  ) {}

  /**
   * Whether a sign-in for this e-mail from this address may be tried now. `trust` names the
   * source when the caller knows it signed in before (a browser's device id; else null); an
   * address this account signed in from is trusted here without being named.
   */
  check(email: string, address: string, trust: string | null = null): Verdict {
    const now = this.clock();
    const wait = Math.max(
      this.pairs.lockedFor(pairKey(email, address), now),
      this.addresses.lockedFor(address, now),
      this.accounts.lockedFor(accountKey(email), now),
    );
    const source = this.trustedSource(email, address, trust);
    if (wait === 0 || source === null) return { wait, bypass: false };
    const own = this.trusted.lockedFor(pairKey(email, source), now);
    return own > 0 ? { wait: Math.max(wait, own), bypass: false } : { wait, bypass: true };
  }

  /** A wrong password (or unknown e-mail); `verdict` is what `check` said of the attempt. */
  recordFailure(email: string, address: string, verdict: Verdict, trust: string | null = null) {
    const now = this.clock();
    this.pairs.fail(pairKey(email, address), now);
    this.addresses.fail(address, now);
    this.accounts.fail(accountKey(email), now);
    const source = this.trustedSource(email, address, trust);
    if (verdict.bypass && source !== null) this.trusted.fail(pairKey(email, source), now);
  }

  recordSuccess(email: string, address: string, trust: string | null = null): void {
    this.pairs.forget(pairKey(email, address));
    const source = this.trustedSource(email, address, trust);
    if (source !== null) this.trusted.forget(pairKey(email, source));
    const key = accountKey(email);
    const addresses = (this.known.get(key) ?? []).filter((known) => known !== address);
    addresses.push(address);
    this.known.delete(key);
    this.known.set(key, addresses.slice(-KNOWN_ADDRESSES_PER_ACCOUNT));
    // Insertion order is last sign-in order: the oldest accounts go first when full.
    while (this.known.size > MAX_KEYS) {
      const oldest = this.known.keys().next().value;
      if (oldest === undefined) break;
      this.known.delete(oldest);
    }
  }

  /** Forgets every count and every known address (tests and the e2e harness's controls). */
  clear(): void {
    for (const counter of [this.pairs, this.addresses, this.accounts, this.trusted]) {
      counter.clear();
    }
    this.known.clear();
  }

  /** The trusted source of an attempt: the named device, else a known address, else null. */
  private trustedSource(email: string, address: string, trust: string | null): string | null {
    if (trust !== null) return `device:${trust}`;
    return this.known.get(accountKey(email))?.includes(address) ? `address:${address}` : null;
  }
}

/** E-mails are matched case-insensitively at sign-in, so they are counted that way too. */
const accountKey = (email: string): string => email.trim().toLowerCase();
const pairKey = (email: string, source: string): string => `${accountKey(email)}\n${source}`;
