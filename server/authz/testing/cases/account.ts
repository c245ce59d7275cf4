// The caller's own account (SPEC §7 User, Devices, Privacy, Cards, Statistics): another user's
// call acts on their own account and leaves the owner's rows as they were.
import { multipart } from '../../../testing';
import { type Case, get, ids, jpeg, ownerSession, ownerUuid } from '../fixture';

export const ACCOUNT_CASES: Case[] = [
  {
    name: 'delete device',
    request: () => ({ method: 'DELETE', url: `/devices/${ownerSession}` }),
    other: 'hidden',
    once: true,
  },
  { name: 'account_info', request: () => get('/account_info'), other: 'own' },
  { name: 'devices', request: () => get('/devices'), other: 'own' },
  {
    name: 'name',
    request: () => ({ method: 'POST', url: '/name', payload: { name: 'Changed' } }),
    other: 'own',
  },
  {
    name: 'profile picture',
    request: async () => {
      const body = multipart({}, [{ data: await jpeg(3) }]);
      return {
        method: 'POST',
        url: '/profile_picture?path=me.jpg',
        headers: body.headers,
        payload: body.payload,
      };
    },
    other: 'own',
  },
  { name: 'get option', request: () => get('/options/k'), other: 'own' },
  {
    name: 'put option',
    request: () => ({ method: 'PUT', url: '/options/k', payload: { value: 'v' } }),
    other: 'own',
  },
  { name: 'delete option', request: () => ({ method: 'DELETE', url: '/options/k' }), other: 'own' },
  {
    name: 'get attribute',
    request: () => get('/account_attribute?account_attribute_key=k'),
    other: 'own',
  },
  {
    name: 'post attribute',
    request: () => ({
      method: 'POST',
      url: '/account_attribute?account_attribute_key=k',
      headers: { 'content-type': 'text/plain' },
      payload: 'v',
    }),
    other: 'own',
  },
  {
    name: 'delete attribute',
    request: () => ({ method: 'DELETE', url: '/account_attribute?account_attribute_key=k' }),
    other: 'own',
  },
  { name: 'user grants', request: () => get('/user_grants'), other: 'own' },
  {
    name: 'approve terms',
    request: () => ({ method: 'POST', url: '/approve_tos', payload: { tos_version: 'v1' } }),
    other: 'own',
  },
  { name: 'consent values', request: () => get('/data_protection/consent_values'), other: 'own' },
  {
    name: 'update consents',
    request: () => ({
      method: 'POST',
      url: '/data_protection/consent_values',
      payload: { help_us_improve: true },
    }),
    other: 'own',
  },
  {
    name: 'data access availability',
    request: () => get('/data_protection/request_data_access_availability'),
    other: 'own',
  },
  {
    name: 'request data access',
    request: () => ({ method: 'POST', url: '/data_protection/request_data_access' }),
    other: 'own',
    once: true,
  },
  { name: 'digital legacy', request: () => get('/digital_legacy'), other: 'own' },
  {
    name: 'set digital legacy',
    request: () => ({
      method: 'POST',
      url: '/digital_legacy?digital_legacy_choice=do_not_provide_content_to_anybody',
      payload: [],
    }),
    other: 'own',
  },
  { name: 'full-screen cards', request: () => get('/v2/full_screen_cards'), other: 'own' },
  {
    name: 'dismiss card',
    request: () => ({ method: 'POST', url: `/full_screen_cards/${ids.card}/dismiss` }),
    other: 'hidden',
  },
  {
    // Events name their user: the owner's, so another caller is refused.
    name: 'statistics events',
    request: () => ({
      method: 'POST',
      url: '/user_statistics_events',
      payload: {
        events: [
          {
            device_id: 'd',
            session_id: 's',
            user_uuid: ownerUuid(),
            event_name: 'web_album_open',
            event_data: {},
            created_at: 1,
          },
        ],
      },
    }),
    other: 'refused',
  },
  {
    name: 'client stats',
    request: () => ({
      method: 'POST',
      url: '/client_stats?device_id=d',
      payload: { last_foreground: 1, last_engaged: null },
    }),
    other: 'own',
  },
];
