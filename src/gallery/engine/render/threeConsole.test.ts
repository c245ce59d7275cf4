import { describe, expect, it, vi } from 'vitest';
import { R3F_CLOCK_DEPRECATION, threeConsoleFilter } from './threeConsole';

describe('threeConsoleFilter', () => {
  it('drops exactly the THREE.Clock deprecation R3F 9 causes', () => {
    const forward = vi.fn();
    threeConsoleFilter(forward)('warn', `THREE.${R3F_CLOCK_DEPRECATION}`);
    expect(forward).not.toHaveBeenCalled();
  });

  it('forwards every other three.js message, warnings and errors alike', () => {
    const forward = vi.fn();
    const filter = threeConsoleFilter(forward);
    filter('warn', 'THREE.WebGLRenderer: Texture marked for update but no image data found.');
    filter('error', `THREE.${R3F_CLOCK_DEPRECATION}`, 'detail');
    filter('log', 'THREE.WebGLRenderer: Context Lost.');
    expect(forward.mock.calls).toEqual([
      ['warn', 'THREE.WebGLRenderer: Texture marked for update but no image data found.'],
      ['error', `THREE.${R3F_CLOCK_DEPRECATION}`, 'detail'],
      ['log', 'THREE.WebGLRenderer: Context Lost.'],
    ]);
  });
});
