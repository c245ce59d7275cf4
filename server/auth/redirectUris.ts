/**
 * The identity-provider emulator's registered redirect URIs: the root of each web origin the
 * server serves the client on (the client's `redirectUri()` is `${location.origin}/`). A sign-in
 * code goes only to one of these, compared as exact strings, so a link that names another
 * address cannot make a victim's login land with whoever made the link (issue 23).
 */
export class RedirectUris {
  private readonly registered = new Set<string>();

  /**
   * Registers the root of `origin` (any path in it is ignored). A loopback origin registers its
   * twins too (127.0.0.1, localhost, [::1] on the same port): the server prints 127.0.0.1, people
   * type localhost, and both reach the same listener only on this machine.
   */
  registerOrigin(origin: string): void {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new Error(`a web origin must be http(s): ${origin}`);
    }
    const hosts = LOOPBACK.has(url.hostname) ? [...LOOPBACK] : [url.hostname];
    for (const host of hosts) {
      const twin = new URL(url.origin);
      twin.hostname = host;
      this.registered.add(`${twin.origin}/`);
    }
  }

  /** Exact match only: no prefixes, no other paths, no query. */
  has(uri: string): boolean {
    return this.registered.has(uri);
  }

  /**
   * Whether a request's Origin header names one of these web origins: the API answers CORS for
   * them only (server/app.ts), so a foreign page cannot read its answers.
   */
  isWebOrigin(origin: string | undefined): boolean {
    return origin !== undefined && this.registered.has(`${origin}/`);
  }

  list(): string[] {
    return [...this.registered];
  }
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
