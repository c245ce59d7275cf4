import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountInfoSchema } from '../../src/api/contract/account';
import {
  ACCOUNT_DELETION_SECONDS,
  ConsentUpdateResponseSchema,
  ConsentValuesResponseSchema,
  DataAccessAvailabilitySchema,
  DigitalLegacySchema,
  FRESH_LOGIN_SECONDS,
} from '../../src/api/contract/privacy';
import { hashPassword } from '../auth/password';
import { emailConsentIdOf } from '../db/privacy';
import { createUser, userByEmail } from '../db/users';
import { login, testServer, type TestServer } from '../testing';

let server: TestServer;
let clock = 0;

beforeAll(async () => {
  server = await testServer(50, 1);
  const realNow = server.ctx.now;
  server.ctx.now = () => realNow() + clock;
});
afterAll(() => server.close());

/** A new account of its own, signed in now. */
async function newUser(email: string) {
  createUser(server.ctx.db, {
    email,
    name: email.split('@')[0],
    passwordHash: await hashPassword('pw-privacy'),
    now: server.ctx.now(),
  });
  return (await login(server.app, email, 'pw-privacy')).auth;
}

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  server.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as string }),
  });

const contact = {
  name: 'Kari Nordmann',
  phone_number: '+4791234567',
  email_address: 'kari@example.com',
  address: 'Storgata 1, Oslo',
};

describe('consents', () => {
  it('start false, change one at a time, and are per user', async () => {
    const a = await newUser('consent-a@example.com');
    const b = await newUser('consent-b@example.com');
    const read = async (auth: Record<string, string>) =>
      ConsentValuesResponseSchema.parse(
        (await call('GET', '/data_protection/consent_values', auth)).json(),
      ).data;
    expect(Object.values(await read(a)).every((v) => v === false)).toBe(true);
    const res = await call('POST', '/data_protection/consent_values', a, { face_grouping: true });
    expect(ConsentUpdateResponseSchema.parse(res.json())).toEqual({
      consents: { face_grouping: { value: true } },
    });
    expect((await read(a)).face_grouping).toBe(true);
    expect((await read(b)).face_grouping).toBe(false);
    for (const bad of [{}, { unknown_key: true }, { face_grouping: 'yes' }, []]) {
      expect((await call('POST', '/data_protection/consent_values', a, bad)).statusCode).toBe(400);
    }
  });
});

describe('data access request (SPEC §9: 24 hours)', () => {
  it('is blocked for 24 hours after a request, with the time it opens again', async () => {
    const auth = await newUser('data@example.com');
    const availability = async () =>
      DataAccessAvailabilitySchema.parse(
        (await call('GET', '/data_protection/request_data_access_availability', auth)).json(),
      );
    expect(await availability()).toEqual({ available: true, available_at: null });
    const before = server.ctx.now();
    const made = await call('POST', '/data_protection/request_data_access', auth);
    expect(made.statusCode).toBe(200);
    const blocked = await availability();
    expect(blocked.available).toBe(false);
    // Seconds may tick during the call.
    expect(blocked.available_at).toBeGreaterThanOrEqual(before + 24 * 3600);
    expect(blocked.available_at).toBeLessThanOrEqual(server.ctx.now() + 24 * 3600);
    const again = await call('POST', '/data_protection/request_data_access', auth);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ error: 'data_request_blocked' });
    // A fresh sign-in 24 hours later may ask again.
    clock += 24 * 3600;
    try {
      const later = (await login(server.app, 'data@example.com', 'pw-privacy')).auth;
      expect((await call('POST', '/data_protection/request_data_access', later)).statusCode).toBe(
        200,
      );
    } finally {
      clock -= 24 * 3600;
    }
  });
});

describe('fresh login', () => {
  it('the privacy calls refuse a session signed in over the limit ago', async () => {
    const auth = await newUser('stale@example.com');
    clock += FRESH_LOGIN_SECONDS + 1;
    try {
      for (const [method, url] of [
        ['GET', '/digital_legacy'],
        ['GET', '/data_protection/request_data_access_availability'],
        ['POST', '/data_protection/request_data_access'],
        ['POST', '/data_protection/request_account_deletion'],
      ] as const) {
        const res = await call(method, url, auth);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({ error: 'fresh_login_required' });
      }
      // Consents stay open to any session (the email settings page).
      expect((await call('GET', '/data_protection/consent_values', auth)).statusCode).toBe(200);
      expect((await call('GET', '/account_info', auth)).statusCode).toBe(200);
    } finally {
      clock -= FRESH_LOGIN_SECONDS + 1;
    }
  });
});

describe('digital legacy', () => {
  it('keeps at most one contact, validated, only with provide_content_to_contact', async () => {
    const auth = await newUser('legacy@example.com');
    const url = (choice: string) => `/digital_legacy?digital_legacy_choice=${choice}&language=en`;
    const read = async () =>
      DigitalLegacySchema.parse((await call('GET', '/digital_legacy', auth)).json());
    expect(await read()).toEqual({
      choice: null,
      digital_legacy_data: { contact_information: [] },
    });

    const set = await call('POST', url('provide_content_to_contact'), auth, [contact]);
    expect(set.statusCode).toBe(200);
    expect((await read()).digital_legacy_data.contact_information).toEqual([contact]);

    for (const [choice, body] of [
      ['provide_content_to_contact', []],
      ['provide_content_to_contact', [contact, contact]],
      ['provide_content_to_contact', [{ ...contact, phone_number: '1234567' }]],
      ['provide_content_to_contact', [{ ...contact, phone_number: '+123456789012345' }]],
      ['provide_content_to_contact', [{ ...contact, phone_number: '+47 912 34 567' }]],
      ['provide_content_to_contact', [{ ...contact, email_address: 'not-an-email' }]],
      ['provide_content_to_contact', [{ ...contact, name: '   ' }]],
      ['provide_content_to_contact', [{ ...contact, address: 'a\u0007b' }]],
      ['provide_content_to_contact', [{ ...contact, extra: 1 }]],
      ['do_not_provide_content_to_anybody', [contact]],
      ['everything_to_everyone', []],
    ] as const) {
      const res = await call('POST', url(choice), auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await read()).choice).toBe('provide_content_to_contact');

    expect(
      (await call('POST', url('do_not_provide_content_to_anybody'), auth, [])).statusCode,
    ).toBe(200);
    expect(await read()).toEqual({
      choice: 'do_not_provide_content_to_anybody',
      digital_legacy_data: { contact_information: [] },
    });
  });
});

describe('account deletion (SPEC §4, §9 30 days)', () => {
  it('logs out every device at once and closes the account after the grace period', async () => {
    const first = await newUser('leaving@example.com');
    const second = (await login(server.app, 'leaving@example.com', 'pw-privacy', 'device-2')).auth;
    const before = server.ctx.now();
    const res = await call('POST', '/data_protection/request_account_deletion', first);
    expect(res.statusCode).toBe(200);
    const { deletion_date } = res.json<{ deletion_date: number }>();
    expect(deletion_date).toBeGreaterThanOrEqual(before + ACCOUNT_DELETION_SECONDS);
    expect(deletion_date).toBeLessThanOrEqual(server.ctx.now() + ACCOUNT_DELETION_SECONDS);
    for (const auth of [first, second]) {
      expect((await call('GET', '/account_info', auth)).statusCode).toBe(401);
    }
    // Within the grace period the account still signs in; after it, it is closed.
    const during = (await login(server.app, 'leaving@example.com', 'pw-privacy')).auth;
    expect((await call('GET', '/account_info', during)).statusCode).toBe(200);
    clock += ACCOUNT_DELETION_SECONDS;
    try {
      const closed = await call('GET', '/account_info', during);
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toMatchObject({ error: 'user_disabled' });
      expect(userByEmail(server.ctx.db, 'leaving@example.com')?.disabled).toBe(1);
      const mail = server.ctx.db
        .prepare("SELECT subject FROM outbox WHERE to_email = 'leaving@example.com'")
        .all();
      expect(mail).toEqual([{ subject: 'Your account is deleted' }]);
    } finally {
      clock -= ACCOUNT_DELETION_SECONDS;
    }
  });
});

describe('email consent on the consent host', () => {
  it('reads and writes stay_up_to_date__email by the unsubscribe id, no login', async () => {
    const auth = await newUser('mail@example.com');
    await call('POST', '/data_protection/consent_values', auth, { stay_up_to_date__email: true });
    const user = userByEmail(server.ctx.db, 'mail@example.com');
    if (!user) throw new Error('no user');
    const id = emailConsentIdOf(server.ctx.db, user);
    const url = `/consent/user/email_consent?email_consent_identifier=${id}`;
    expect((await call('GET', url, {})).json()).toEqual({ value: true });
    const off = await call(
      'POST',
      '/consent/user/email_consent',
      {},
      {
        email_consent_identifier: id,
        email_consent: false,
      },
    );
    expect(off.json()).toEqual({ value: false });
    const values = ConsentValuesResponseSchema.parse(
      (await call('GET', '/data_protection/consent_values', auth)).json(),
    ).data;
    expect(values.stay_up_to_date__email).toBe(false);
    const unknown = `/consent/user/email_consent?email_consent_identifier=${'0'.repeat(32)}`;
    expect((await call('GET', unknown, {})).statusCode).toBe(404);
    expect(
      (await call('GET', '/consent/user/email_consent?email_consent_identifier=x', {})).statusCode,
    ).toBe(400);
  });
});

describe('terms of service (SPEC §3 tos_to_approve, §7 POST /approve_tos)', () => {
  it('asks until the pending version is approved; declining or another version keeps it', async () => {
    const auth = await newUser('terms@example.com');
    const info = async () =>
      AccountInfoSchema.parse((await call('GET', '/account_info', auth)).json()).tos_to_approve;
    expect(await info()).toBeNull();
    // Approving with nothing pending changes nothing (a second click).
    expect((await call('POST', '/approve_tos', auth, { tos_version: 'v1' })).json()).toEqual({
      approved: true,
    });
    server.ctx.db
      .prepare("UPDATE users SET tos_pending = 'v2' WHERE email = 'terms@example.com'")
      .run();
    expect(await info()).toEqual({ version: 'v2' });
    const declined = await call('POST', '/approve_tos', auth, {
      tos_version: 'v2',
      accepted: false,
    });
    expect(declined.json()).toEqual({ approved: false });
    expect(await info()).toEqual({ version: 'v2' });
    expect((await call('POST', '/approve_tos', auth, { tos_version: 'v1' })).statusCode).toBe(409);
    expect((await call('POST', '/approve_tos', auth, {})).statusCode).toBe(400);
    expect((await call('POST', '/approve_tos', auth, { tos_version: 'v2' })).statusCode).toBe(200);
    expect(await info()).toBeNull();
    expect(userByEmail(server.ctx.db, 'terms@example.com')?.tos_approved).toBe('v2');
  });
});
