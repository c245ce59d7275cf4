import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.js';

// Unit tests: the client build's config plus the test settings (vitest is a devDependency, so
// they stay out of vite.config.ts). Tests run in node by default; a test that needs a DOM opts in
// with a `// @vitest-environment jsdom` docblock.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: [
        'src/**/*.test.{ts,tsx}',
        'server/**/*.test.ts',
        'workers/**/*.test.ts',
        'scripts/**/*.test.ts',
        'bench/**/*.test.ts',
      ],
      environment: 'node',
      restoreMocks: true,
    },
  }),
);
