import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** The z-index of `selector`'s own rule in a stylesheet under src/. */
function zIndex(file: string, selector: string): number {
  const css = readFileSync(path.join(root, file), 'utf8');
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(^|\\n)${escaped} \\{([^}]*)\\}`).exec(css);
  const value = rule && /z-index:\s*(\d+)/.exec(rule[2]);
  if (!value) throw new Error(`no z-index for ${selector} in ${file}`);
  return Number(value[1]);
}

describe('the open side menu lies over the shell (issue 34: a cookie notice lay over it on a phone)', () => {
  it('its backdrop is over the notices, the upload and download panels and the offline banner', () => {
    const backdrop = zIndex('app/app.css', '.drawer-backdrop');
    for (const [file, selector] of [
      ['app/overlays.css', '.shell-notices'],
      ['app/overlays.css', '.offline-banner'],
      ['features/upload/upload.css', '.upload-panel'],
      ['features/downloads/DownloadPanel.css', '.download-panel'],
    ]) {
      expect(zIndex(file, selector), selector).toBeLessThan(backdrop);
    }
    expect(zIndex('app/app.css', '.side-menu')).toBeGreaterThan(backdrop);
  });

  it('toasts stay above it', () => {
    expect(zIndex('app/overlays.css', '.toast-viewport')).toBeGreaterThan(
      zIndex('app/app.css', '.side-menu'),
    );
  });
});
