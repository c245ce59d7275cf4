// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateUuid, getClientIdentity } from './clientIdentity';
import { resetMemoryFallbackForTests } from './persisted';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  localStorage.clear();
  resetMemoryFallbackForTests();
});

describe('device name (SPEC §3: one of two brand names by host)', () => {
  it.each([
    ['minsky.telenor.no', 'Min Sky'],
    ['WWW.EXAMPLE.NO.', 'Min Sky'],
    ['capture.example.com', 'Capture'],
    ['localhost', 'Capture'],
    ['nowhere.com', 'Capture'],
  ])('%s → %s', (hostname, brand) => {
    expect(getClientIdentity(hostname).deviceName).toBe(brand);
  });
});

describe('getClientIdentity', () => {
  it('creates and persists device and session ids in the SPEC §3 formats', () => {
    const identity = getClientIdentity('capture.example.no');
    expect(identity.deviceId).toMatch(UUID);
    expect(identity.sessionId).toMatch(UUID);
    expect(identity.deviceName).toBe('Min Sky');
    expect(JSON.parse(localStorage.getItem('capture_device')!)).toEqual({
      device_id: identity.deviceId,
      device_name: 'Min Sky',
    });
    expect(localStorage.getItem('session_ID')).toBe(btoa(identity.sessionId));
    expect(getClientIdentity('capture.example.no')).toEqual(identity);
  });

  it('keeps stored ids', () => {
    const deviceId = '11111111-2222-4333-8444-555555555555';
    const sessionId = '66666666-7777-4888-9999-000000000000';
    localStorage.setItem(
      'capture_device',
      JSON.stringify({ device_id: deviceId, device_name: 'Capture' }),
    );
    localStorage.setItem('session_ID', btoa(sessionId));
    expect(getClientIdentity('example.com')).toEqual({
      deviceId,
      deviceName: 'Capture',
      sessionId,
    });
  });

  it('regenerates corrupt values', () => {
    localStorage.setItem('capture_device', '{broken');
    localStorage.setItem('session_ID', '%%%not base64');
    const identity = getClientIdentity('example.com');
    expect(identity.deviceId).toMatch(UUID);
    expect(identity.sessionId).toMatch(UUID);
    localStorage.setItem('capture_device', JSON.stringify({ device_id: 'x', device_name: 1 }));
    localStorage.setItem('session_ID', btoa('not-a-uuid'));
    const again = getClientIdentity('example.com');
    expect(again.deviceId).not.toBe('x');
    expect(again.sessionId).not.toBe(identity.sessionId);
    expect(again.sessionId).toMatch(UUID);
  });

  it('stays stable within the page when storage refuses writes', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(getClientIdentity('example.com')).toEqual(getClientIdentity('example.com'));
  });
});

describe('generateUuid', () => {
  it('falls back to getRandomValues outside secure contexts', () => {
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) };
    const ids = new Set(Array.from({ length: 50 }, () => generateUuid(insecure)));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID);
  });
});
