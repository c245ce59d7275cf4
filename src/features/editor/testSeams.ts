import { exposeForTests } from '../../platform/testHooks';

/**
 * Where the e2e specs make the editor's failures happen for real (test builds only: in a
 * production build `exposeForTests` publishes nothing, so nothing here ever changes). An asset
 * URL is pointed at one the web server does not have (its SPA fallback answers HTML, which no
 * image or font decoder accepts); a stage is told to fail as the browser would fail it.
 * The image-loading failure needs none of this: the specs fail the thumbnail route on the
 * server (/__test/faults).
 */
export type SeamAsset = 'sticker' | 'font';
export type SeamStage = 'rendering' | 'unexpected';

const failing = new Set<SeamStage>();
const assetUrls = new Map<SeamAsset, string>();
const listeners = new Set<() => void>();

export interface EditorTestHooks {
  fail(stage: SeamStage): void;
  assetUrl(asset: SeamAsset, url: string): void;
  reset(): void;
}

declare module '../../platform/testHooks' {
  interface CaptureHooks {
    editor?: EditorTestHooks;
  }
}

exposeForTests('editor', {
  fail(stage) {
    failing.add(stage);
    for (const listener of listeners) listener();
  },
  assetUrl(asset, url) {
    assetUrls.set(asset, url);
  },
  reset() {
    failing.clear();
    assetUrls.clear();
  },
});

/** The URL to load for an asset (the asset's own, unless a spec redirected it). */
export const seamUrl = (asset: SeamAsset, url: string): string => assetUrls.get(asset) ?? url;

/** True once when a spec asked this stage to fail (the next attempt works again). */
export function seamFails(stage: SeamStage): boolean {
  return failing.delete(stage);
}

/** Calls back when a spec injects a failure (the unexpected-error probe re-renders on it). */
export function onSeam(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
