import { afterEach, describe, expect, it } from 'vitest';
import { isRouteBuilt, setBuiltRoutes } from './routesBuilt';

afterEach(() => setBuiltRoutes(['/photos', '/documents', '/error/:code', '*']));

describe('isRouteBuilt', () => {
  it('matches concrete paths against the built patterns, never the catch-all', () => {
    setBuiltRoutes(['/photos', '/albums/:jobId', '*']);
    expect(isRouteBuilt('/photos')).toBe(true);
    expect(isRouteBuilt('/albums/abc-1?x=1#y')).toBe(true);
    expect(isRouteBuilt('/albums')).toBe(false);
    expect(isRouteBuilt('/albums/abc-1/edit/name')).toBe(false);
    expect(isRouteBuilt('/settings/storage')).toBe(false);
  });
});
