import { loadStoredAuth } from '../api/authStore';
import { parseServiceDict, type HostDirectory } from '../api/hosts';
import { createApiClient, type ApiClient } from '../api/http';
import { CLIENT_VERSION } from '../domain/constants';
import { i18next } from '../i18n';
import { getClientIdentity } from '../state/clientIdentity';
import { getFeatureFlags } from '../state/featureFlags';
import type { AppConfig } from './appConfig';

export const APP_KEY = 'capture-web';

let client: ApiClient | null = null;

/** Every host of the directory at one origin: the state before login gives us a service dict. */
export function defaultHosts(config: AppConfig): HostDirectory {
  // SPEC §2: "A staging query parameter switches the login host."
  const origin =
    getFeatureFlags().staging && config.stagingApiOrigin
      ? config.stagingApiOrigin
      : config.apiOrigin;
  return parseServiceDict({
    appHost: origin,
    thumbHost: origin,
    videoHost: origin,
    pollHost: origin,
    downloadHost: origin,
  });
}

export function initApiClient(config: AppConfig): ApiClient {
  const identity = getClientIdentity(location.hostname);
  const fallbackHosts = defaultHosts(config);
  client = createApiClient({
    getAuth: () => {
      const stored = loadStoredAuth();
      return stored ? { token: stored.token, hosts: stored.hosts } : null;
    },
    getHosts: () => fallbackHosts,
    consentHost: config.consentOrigin ?? null,
    getLanguage: () => i18next.language,
    getDeviceId: () => identity.deviceId,
    appKey: APP_KEY,
    clientVersion: CLIENT_VERSION,
  });
  return client;
}

/** The one API client of the app; created at start-up before anything renders. */
export function api(): ApiClient {
  if (!client) throw new Error('The API client is used before initApiClient()');
  return client;
}
