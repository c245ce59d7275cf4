import { z } from 'zod';
import { lazySchema } from '../api/contract/lazySchema';
import { brandForHost } from '../domain/brand';
import { readJson, readString, writeJson, writeString } from './persisted';

/**
 * SPEC §3 Device: device_id (generated UUID) and device_name kept in local storage under
 * `capture_device` as `{ device_id, device_name }`; session id: a generated UUID in local
 * storage under `session_ID`, base64-encoded. Missing or corrupt values are regenerated, so a
 * damaged storage never blocks a call that needs the device id.
 */
export interface ClientIdentity {
  deviceId: string;
  deviceName: string;
  sessionId: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const storedDeviceSchema = lazySchema(() =>
  z.object({
    device_id: z.string().regex(UUID),
    device_name: z.string(),
  }),
);

export function getClientIdentity(hostname: string): ClientIdentity {
  // SPEC §3: the device name is one of the two brand names, by host.
  const deviceName = brandForHost(hostname).name;
  const stored = readJson('capture_device', storedDeviceSchema);
  const deviceId = stored?.device_id ?? generateUuid();
  if (stored?.device_id !== deviceId || stored.device_name !== deviceName) {
    writeJson('capture_device', { device_id: deviceId, device_name: deviceName });
  }

  let sessionId = decodeSessionId(readString('session_ID'));
  if (sessionId === null) {
    sessionId = generateUuid();
    writeString('session_ID', btoa(sessionId));
  }
  return { deviceId, deviceName, sessionId };
}

function decodeSessionId(stored: string | null): string | null {
  if (stored === null) return null;
  try {
    const decoded = atob(stored);
    return UUID.test(decoded) ? decoded : null;
  } catch {
    return null;
  }
}

type UuidSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

/**
 * crypto.randomUUID exists only in secure contexts; a plain-http LAN address is not one, so the
 * same version-4 layout is built from getRandomValues, which is available everywhere.
 */
export function generateUuid(source: UuidSource = crypto): string {
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
