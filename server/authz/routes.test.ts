// Every route Fastify registers is reached by a case of the authorisation matrix (the area files
// beside this one), by a call with a test of its own (TESTED_APART), is checked role by role
// (authz.roles.test.ts), or is named in WITHOUT_CALLER with its reason; the test-only controls
// aside. A new route without one fails here, so no route slips past the matrix.
import { describe, expect, it } from 'vitest';
import { ALBUM_ROLE_ROUTES } from '../authz.roles';
import { ALL_CASES, TESTED_APART } from './testing/cases';
import { send, server, setUpAuthzFixture } from './testing/fixture';

setUpAuthzFixture();

/**
 * Registered routes that answer without a caller, each with the reason. Every other route must be
 * reached by a case of the matrix: a new route without one fails 'covers every registered route'.
 */
const WITHOUT_CALLER: Record<string, string> = {
  'GET /supported_extensions': 'the list of accepted file types is public',
  'GET /st/4/telenorid/preflight_oauth2login': 'starts the login (auth/auth.test.ts)',
  'GET /idp/authorize': "the identity provider's login page (auth/auth.test.ts)",
  'POST /idp/authorize': "the identity provider's login form (auth/auth.test.ts)",
  'POST /st/4/telenorid/postflight_oauth2callback': 'ends the login (auth/auth.test.ts)',
  'GET /profile_picture/:key': 'public like any avatar: the unguessable key is the capability',
  'POST /cast/receivers':
    'a TV asks for a pairing code before anyone signs in (routes/cast.test.ts)',
  'GET /cast/receivers/:id/events': "the receiver's token is the capability (routes/cast.test.ts)",
  'POST /cast/receivers/:id/code': "the receiver's token is the capability (routes/cast.test.ts)",
  'POST /cast/receivers/:id/state': "the receiver's token is the capability (routes/cast.test.ts)",
  'GET /cast/receivers/:id/media/:jobId/:fileId/thumbnail':
    "the receiver's token, and only files its paired sender cast and still reads (routes/cast.test.ts)",
  'GET /cast/receivers/:id/media/:jobId/:fileId/content':
    "the receiver's token, and only files its paired sender cast and still reads (routes/cast.test.ts)",
  'GET /cast/sessions/:id/events':
    'a stream the matrix cannot wait out: the same sessionOf check as GET /cast/sessions/:id (routes/cast.test.ts)',
  'OPTIONS *': 'CORS preflights (main.test.ts: the web origins only)',
  'GET /shares/:id':
    'a share link opens to anyone; its password and expiry are checked (routes/shares.test.ts)',
  'POST /shares/:id/unlock': 'a visitor gives a share its password (routes/shares.test.ts)',
  'POST /jobs/:id/unlock':
    "a visitor gives a shared album its password (routes/linkRead.test.ts); the album's link is the capability",
  'GET /consent/user/email_consent':
    "the consent host: an email's unsubscribe id is the capability (routes/privacy.test.ts)",
  'POST /consent/user/email_consent':
    "the consent host: an email's unsubscribe id is the capability (routes/privacy.test.ts)",
  'GET /stripe-emulator/v3.js': "the payment emulator's browser script, public like the provider's",
  'GET /stripe-emulator/element.html': "the emulator's card frame, public like the provider's",
  'GET /stripe-emulator/challenge.html': "the emulator's 3-D Secure frame, public",
  'GET /stripe-emulator/frame.js': "the emulator frames' shared script, public",
  'GET /stripe-emulator/element.js': "the emulator's card frame script, public",
  'GET /stripe-emulator/challenge.js': "the emulator's 3-D Secure frame script, public",
  'POST /stripe-emulator/v1/setup_intents/:id/confirm':
    "the card frame's confirm: the setup intent's client secret is the capability (payments/payments.test.ts)",
  'POST /stripe-emulator/v1/setup_intents/:id/authenticate':
    "the challenge frame's answer: the client secret is the capability (payments/payments.test.ts)",
  'GET /stripe-emulator/v1/payment_intents/:id':
    "handleNextAction's read of a payment intent: its client secret is the capability (payments/payments.test.ts)",
  'POST /stripe-emulator/v1/payment_intents/:id/authenticate':
    "the challenge frame's answer for a payment: the client secret is the capability (payments/payments.test.ts)",
};
/** Routes of the test-only controls (never registered by `npm start`). */
const isTestControl = (route: string) => route.split(' ')[1].startsWith('/__test/');

describe('authorisation matrix', () => {
  it('covers every registered route (or names why it needs no caller)', async () => {
    // The route Fastify matches for each case and each call tested apart, sent without a caller
    // (routing precedes the 401).
    const covered = new Set<string>();
    for (const c of [...ALL_CASES, ...TESTED_APART]) {
      server.matchedRoutes.clear();
      await send(c, {});
      for (const route of server.matchedRoutes) covered.add(route);
    }
    expect(server.routes.length).toBeGreaterThan(ALL_CASES.length / 2);
    // The album routes are checked role by role in authz.roles.test.ts.
    const roles = new Set<string>(ALBUM_ROLE_ROUTES);
    const missing = server.routes.filter(
      (route) =>
        !covered.has(route) &&
        !roles.has(route) &&
        !(route in WITHOUT_CALLER) &&
        !isTestControl(route),
    );
    expect(missing, 'routes without a case in the authorisation matrix').toEqual([]);
    // The exceptions name routes that exist, so the list cannot go stale.
    for (const route of Object.keys(WITHOUT_CALLER)) expect(server.routes).toContain(route);
  });
});
