// The contract server's route table (Fastify's onRoute, server/testing.ts) against the call list
// of src/api/contract/calls.ts: every route is an entry, an emulator of a third party or a
// test-only control, and every entry has its route unless it says why not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '../src/api/contract/calls';
import { pathPattern, type CallEntry } from '../src/api/contract/callTarget';
import { CONSENT_HOST_PREFIX } from '../src/api/contract/privacy';
import { testServer, type TestServer } from './testing';

/** Routes that emulate a third party the real product talks to, not the service. */
const EMULATORS: Record<string, string> = {
  '/idp/': 'the identity provider (login page and form)',
  '/stripe-emulator/': 'the card payment provider (script, frames, intents)',
};
const TEST_CONTROLS = '/__test/';

let server: TestServer;
beforeAll(async () => {
  server = await testServer(5, 1, { testControls: true });
});
afterAll(() => server.close());

/** The path our server answers an entry on: the consent host is under CONSENT_HOST_PREFIX. */
const servedPath = (entry: CallEntry) =>
  entry.host === 'consent' ? CONSENT_HOST_PREFIX + entry.path : entry.path;

/** A route as `METHOD /path/X` (each parameter one segment X) for the entries' patterns. */
function routeOf(route: string): { method: string; path: string } {
  const [method, url] = route.split(' ');
  return { method, path: url.replace(/:\w+/g, 'X') };
}

const entries = Object.entries(CALLS) as [string, CallEntry][];
const fits = (entry: CallEntry, route: { method: string; path: string }) =>
  entry.method === route.method && pathPattern(servedPath(entry)).test(route.path);

describe('the server routes against the call list', () => {
  it('serves no route that is not an entry, an emulator or a test control', () => {
    expect(server.routes.length).toBeGreaterThan(100);
    const off = server.routes.filter((route) => {
      const { method, path } = routeOf(route);
      if (route === 'OPTIONS *') return false; // CORS preflights of every call
      if (path.startsWith(TEST_CONTROLS)) return false; // the e2e harness's controls only
      if (Object.keys(EMULATORS).some((prefix) => path.startsWith(prefix))) return false;
      return !entries.some(([, entry]) => fits(entry, { method, path }));
    });
    expect(off, 'routes off the call list (src/api/contract/calls.ts)').toEqual([]);
  });

  it('has a route for every entry, except those that say why not', () => {
    const routes = server.routes.map(routeOf);
    const missing = entries.filter(([, entry]) => {
      if (entry.noServerRoute) return false;
      // The route table leaves HEAD out: a HEAD entry is served beside its other methods.
      const method = entry.method === 'HEAD' ? undefined : entry.method;
      return !routes.some(
        (route) =>
          (method === undefined || route.method === method) &&
          pathPattern(servedPath(entry)).test(route.path),
      );
    });
    expect(
      missing.map(([name, e]) => `${name}: ${e.method} ${e.path}`),
      'entries without a route: add it or say why in noServerRoute',
    ).toEqual([]);
    const stale = entries.filter(
      ([, entry]) => entry.noServerRoute && server.routes.map(routeOf).some((r) => fits(entry, r)),
    );
    expect(
      stale.map(([name]) => name),
      'served, yet marked noServerRoute',
    ).toEqual([]);
  });
});
