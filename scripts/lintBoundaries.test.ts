// The layer boundaries of eslint.config.js (issue 21), pinned: each rule fails the import it
// exists for and lets the allowed ones through. Reads the real config for each file path and runs
// its no-restricted-imports options over a one-line module.
import path from 'node:path';
import { ESLint, Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
const linter = new Linter({ configType: 'flat' });

async function restricted(file: string, specifier: string): Promise<string | null> {
  const config = (await eslint.calculateConfigForFile(file)) as {
    rules?: Record<string, Linter.RuleEntry>;
  };
  const rule = config.rules?.['no-restricted-imports'];
  if (!rule) return null;
  const messages = linter.verify(
    `import x from '${specifier}';\nexport default x;\n`,
    [{ files: ['**/*.{ts,tsx}'], rules: { 'no-restricted-imports': rule } }],
    path.resolve(file),
  );
  return messages[0]?.message ?? null;
}

const cases: [file: string, specifier: string, forbidden: boolean][] = [
  // server/** may import only src/api/contract/** and src/domain/** from src.
  ['server/routes/files.ts', '../../src/api/contract/files', false],
  ['server/routes/files.ts', '../../src/domain/classify', false],
  ['server/routes/files.ts', '../../src/api/http', true],
  ['server/routes/files.ts', '../../src/features/photoGrid/filters', true],
  ['server/app.ts', '../src/state/session', true],
  // The contract: zod and itself only.
  ['src/api/contract/files.ts', 'zod', false],
  ['src/api/contract/files.ts', './jobs', false],
  ['src/api/contract/files.ts', '../errors', true],
  ['src/api/contract/files.ts', 'react', true],
  // …and the SPEC values' one home (issue 35.3), nothing else of src/domain.
  ['src/api/contract/files.ts', '../../domain/constants', false],
  ['src/api/contract/files.ts', '../../domain/classify', true],
  ['src/api/contract/files.ts', '../../domain/constants/x', true],
  // constants.ts itself imports nothing, so the contract stays server-safe.
  ['src/domain/constants.ts', './sizes', true],
  ['src/domain/constants.ts', 'zod', true],
  // Workers: their *.shared files and the pure modules they run.
  ['src/gallery/engine/layout/layout.worker.ts', './layout.shared', false],
  ['src/gallery/engine/layout/layout.worker.ts', './justified', false],
  ['src/gallery/engine/layout/layout.worker.ts', './LayoutEngine', true],
  ['src/gallery/engine/layout/layout.worker.ts', '../GalleryEngine', true],
  ['src/gallery/engine/layout/layout.worker.ts', 'three', true],
  ['src/gallery/engine/texture/decode.worker.ts', './decode.shared', false],
  ['src/gallery/engine/texture/decode.worker.ts', '../abort', false],
  ['src/gallery/engine/texture/decode.worker.ts', './TextureCache', true],
  ['src/gallery/engine/texture/decode.worker.ts', '../../../platform/api', true],
  ['src/gallery/engine/texture/decode.worker.ts', 'react', true],
  ['workers/sw.ts', './sw.shared', false],
  ['workers/sw.ts', '../src/platform/api', true],
  ['src/features/upload/checksum/checksum.worker.ts', './checksum.shared', false],
  ['src/features/upload/checksum/checksum.worker.ts', '../uploadStore', true],
  // src/ui: no state, features, platform.
  ['src/ui/Button.tsx', 'react', false],
  ['src/ui/Button.tsx', '../state/toasts', true],
  ['src/ui/Button.tsx', '../features/auth', true],
  ['src/ui/Button.tsx', '../platform/api', true],
  ['src/ui/Button.tsx', 'zustand', true],
  // A feature reaches another through its public entry only.
  ['src/features/timeline/TimelinePage.tsx', '../auth', false],
  ['src/features/timeline/TimelinePage.tsx', './filters', false],
  ['src/features/timeline/TimelinePage.tsx', '../../platform/api', false],
  ['src/features/timeline/TimelinePage.tsx', '../auth/login', true],
  ['src/features/timeline/TimelinePage.tsx', '../../features/auth/login', true],
  ['src/features/upload/checksum/ChecksumClient.ts', '../uploadStore', false],
  ['src/features/upload/checksum/ChecksumClient.ts', '../../auth/login', true],
  ['src/features/upload/checksum/ChecksumClient.ts', '../../auth', false],
  // src/app: imported by nobody but src/main.tsx; it takes features' public entries only.
  ['src/main.tsx', './app/routes', false],
  ['src/features/timeline/TimelinePage.tsx', '../../app/logOut', true],
  ['src/platform/api.ts', '../app/routes', true],
  ['src/state/session.ts', '../app/logOut', true],
  ['src/app/TopNav.tsx', '../features/upload', false],
  ['src/app/TopNav.tsx', '../features/upload/UploadButton', true],
  ['src/app/overlays/OverlayHost.tsx', '../../features/downloads/DownloadPanel', true],
  // src/platform: never features, app or gallery.
  ['src/platform/queries.ts', '../api/http', false],
  ['src/platform/queries.ts', '../features/auth', true],
  ['src/platform/queries.ts', '../gallery/engine/GalleryEngine', true],
  // src/domain stays pure.
  ['src/domain/sizes.ts', './constants', false],
  ['src/domain/sizes.ts', '../state/session', true],
  ['src/domain/sizes.ts', 'react', true],
];

describe('layer boundaries (eslint.config.js)', () => {
  // Loading the config (typescript-eslint, the plugins) is a one-time cost of seconds on a busy
  // machine: paid here, not inside the first case's 5 s.
  beforeAll(async () => {
    await eslint.calculateConfigForFile('src/main.tsx');
  }, 60_000);

  it.each(cases)('%s importing %s: forbidden %s', async (file, specifier, forbidden) => {
    const message = await restricted(file, specifier);
    if (forbidden) expect(message).toMatch(/restricted/);
    else expect(message).toBeNull();
  });
});
