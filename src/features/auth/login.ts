import { CALLS } from '../../api/contract/calls';
import { callTo } from '../../api/contract/callTarget';
import { z } from 'zod';
import { lazySchema } from '../../api/contract/lazySchema';
import { storeAuth } from '../../api/authStore';
import { PostflightResponseSchema, PreflightResponseSchema } from '../../api/contract/auth';
import { parseServiceDict } from '../../api/hosts';
import { api } from '../../platform/api';
import { deviceKind } from '../../domain/deviceName';
import { codeChallengeS256, createCodeVerifier } from '../../domain/pkce';
import { i18next } from '../../i18n';
import { getClientIdentity } from '../../state/clientIdentity';
import { getFeatureFlags } from '../../state/featureFlags';
import { readJson, readString, removeItem, writeJson, writeString } from '../../state/persisted';
import { sessionStore } from '../../state/session';

const CallbackDataSchema = lazySchema(() => z.object({ verifier: z.string(), state: z.string() }));

/** Where the identity provider sends the browser back; the boot code completes login there. */
export function redirectUri(origin: string = location.origin): string {
  return `${origin}/`;
}

function currentLocation(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

function randomState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * SPEC §2/§7: authorisation code flow with a code challenge. Remembers where the user was
 * (returned to after login) and where to go if login fails, then leaves for the identity page.
 */
export async function startLogin(
  options: { returnTo?: string; ifFails?: string } = {},
): Promise<void> {
  const verifier = createCodeVerifier();
  const state = randomState();
  const challenge = await codeChallengeS256(verifier);
  writeJson('callbackData', { verifier, state });
  writeString('locationBeforeLogin', options.returnTo ?? currentLocation());
  writeString('locationIfLoginFails', options.ifFails ?? '/photos');
  writeString('historyLengthBeforeLogin', String(history.length));
  const { data } = await api().request({
    call: callTo(
      CALLS.loginPreflight,
      {},
      {
        redir: options.returnTo ?? currentLocation(),
        locale: i18next.language,
        utm_source: 'web',
        code_challenge: challenge,
        oauth_redirect_uri: redirectUri(),
        use_telenor_id_pluss: getFeatureFlags().useTelenorIdPluss ? 1 : 0,
      },
    ),
    schema: PreflightResponseSchema,
  });
  const target = new URL(data.authorization_url);
  for (const [key, value] of Object.entries(data.authorization_params)) {
    target.searchParams.set(key, String(value));
  }
  // The state we sent must come back; the provider may also have chosen its own.
  if (!target.searchParams.has('state')) target.searchParams.set('state', state);
  else writeJson('callbackData', { verifier, state: target.searchParams.get('state') ?? state });
  location.assign(target.toString());
}

/**
 * SPEC §3 Device: the name the signed-in devices list shows for this one, e.g. "Chrome on
 * Windows" (issue 34.7: every device was listed under the brand name); what cannot be told
 * falls back to the brand's device name. In the app's language at sign-in.
 */
export function registeredDeviceName(): string {
  const brandName = getClientIdentity(location.hostname).deviceName;
  const hints = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData;
  const { browser, system } = deviceKind(navigator.userAgent, hints?.platform);
  if (browser && system) return i18next.t('auth.deviceName', { browser, system });
  return browser ?? system ?? brandName;
}

export type CallbackResult =
  { kind: 'none' } | { kind: 'success'; returnTo: string } | { kind: 'failure'; returnTo: string };

/**
 * At start-up: when the URL carries the provider's answer (?code&state or ?error), finishes the
 * login with the stored code verifier. Never throws: a failure goes to the fallback location.
 */
export async function completeLoginFromCallback(
  search: string = location.search,
): Promise<CallbackResult> {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const error = params.get('error');
  const callback = readJson('callbackData', CallbackDataSchema);
  if (!callback || (!code && !error)) return { kind: 'none' };
  removeItem('callbackData');
  const ifFails = readString('locationIfLoginFails') ?? '/photos';
  const returnTo = readString('locationBeforeLogin') ?? '/photos';
  if (!code || params.get('state') !== callback.state) {
    sessionStore.getState().setStatus('FAILED');
    return { kind: 'failure', returnTo: ifFails };
  }
  sessionStore.getState().setStatus('FETCHING');
  try {
    const { data } = await api().request({
      call: callTo(CALLS.loginCallback),
      body: {
        code,
        code_verifier: callback.verifier,
        state: callback.state,
        device_name: registeredDeviceName(),
      },
      schema: PostflightResponseSchema,
    });
    storeAuth(data.auth_token, parseServiceDict(data.service_dict));
    if (data.new_user) writeString('newUserCreated', '1');
    writeString('historyLengthAfterLogin', String(history.length));
    removeItem('locationBeforeLogin');
    removeItem('locationIfLoginFails');
    return { kind: 'success', returnTo };
  } catch {
    sessionStore.getState().setStatus('FAILED');
    return { kind: 'failure', returnTo: ifFails };
  }
}
