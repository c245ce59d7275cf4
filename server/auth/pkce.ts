import { randomBytes } from 'node:crypto';
import { codeChallengeS256 } from '../../src/domain/pkce';

/** One login attempt between preflight and the login page. */
export interface PendingLogin {
  challenge: string;
  redirectUri: string;
  locale: string;
  created: number;
}

interface IssuedCode {
  userId: number;
  challenge: string;
  state: string;
  expires: number;
}

const PENDING_TTL_MS = 30 * 60_000;
const CODE_TTL_MS = 5 * 60_000;
const MAX_PENDING = 10_000;

/**
 * The identity-provider emulator's memory: states issued by preflight (with their challenge)
 * and one-time codes. In memory on purpose: both live minutes, and a restart only means logging
 * in again.
 */
export class PkceStore {
  private readonly pending = new Map<string, PendingLogin>();
  private readonly codes = new Map<string, IssuedCode>();

  constructor(private readonly clock: () => number = Date.now) {}

  begin(login: Omit<PendingLogin, 'created'>): string {
    this.sweep();
    const state = randomBytes(16).toString('base64url');
    this.pending.set(state, { ...login, created: this.clock() });
    return state;
  }

  pendingFor(state: string): PendingLogin | null {
    const login = this.pending.get(state);
    if (!login || this.clock() - login.created > PENDING_TTL_MS) return null;
    return login;
  }

  /** Ends the attempt and issues a code bound to the challenge preflight stored. */
  issueCode(state: string, userId: number): string | null {
    const login = this.pendingFor(state);
    if (!login) return null;
    this.pending.delete(state);
    const code = randomBytes(24).toString('base64url');
    this.codes.set(code, {
      userId,
      challenge: login.challenge,
      state,
      expires: this.clock() + CODE_TTL_MS,
    });
    return code;
  }

  /**
   * The user id if the verifier matches. Any attempt uses the code up, so a wrong verifier
   * cannot be retried against the same code.
   */
  async redeem(code: string, verifier: string, state: string | undefined): Promise<number | null> {
    const issued = this.codes.get(code);
    if (!issued) return null;
    this.codes.delete(code);
    if (this.clock() > issued.expires) return null;
    if (state !== undefined && state !== issued.state) return null;
    // The one S256 rule of SPEC §7, the same function the client makes its challenge with.
    return (await codeChallengeS256(verifier)) === issued.challenge ? issued.userId : null;
  }

  private sweep(): void {
    const now = this.clock();
    for (const [state, login] of this.pending) {
      if (now - login.created > PENDING_TTL_MS || this.pending.size > MAX_PENDING) {
        this.pending.delete(state);
      } else break; // Maps iterate in insertion order: the rest are newer.
    }
    for (const [code, issued] of this.codes) {
      if (now > issued.expires) this.codes.delete(code);
    }
  }
}
