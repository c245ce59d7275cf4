// @ts-check
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Literal text in JSX must come from i18next: `t('key')`, never a hard-coded string. */
const noLiteralText = {
  'react/jsx-no-literals': [
    'error',
    {
      noStrings: true,
      ignoreProps: true,
      allowedStrings: ['·', '©', '×', '…', '/', '-', '–', '(', ')', ':', '%', '‹', '›'],
    },
  ],
};

/**
 * Layer boundaries (ARCHITECTURE "Layout of the repository", issue 21), enforced by lint.
 * `no-restricted-imports` takes one option list per file, and a later config block replaces an
 * earlier one, so each area's block lists every pattern that applies to it (`NOT_APP` everywhere
 * in src/). Patterns are regular expressions over the import specifier as written.
 */
const pattern = (regex, message) => ({ regex, message });
const restrictImports = (files, patterns, ignores = []) => ({
  files,
  ignores: ['**/*.test.{ts,tsx}', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const NOT_APP = pattern(
  String.raw`^(\.\./)+app(/|$)`,
  'src/app is the composition root: nothing imports it but src/main.tsx. Move what you need to src/platform.',
);
const NOT_FEATURES = (where) =>
  pattern(String.raw`(^|/)features(/|$)`, `${where} never imports src/features.`);
const NOT_GALLERY = (where) =>
  pattern(String.raw`^(\.\./)+gallery(/|$)`, `${where} never imports src/gallery.`);
const FEATURE_ENTRY_ONLY = pattern(
  String.raw`(^|/)features/[^/]+/.`,
  "Reach a feature through its public entry 'features/<area>' (index.ts), not its internals.",
);

/**
 * A feature reaches another only through its public entry: from src/features/<area>/<depth
 * folders>/file, '../'×depth leads to src/features, so '<that>/<other area>/<module>' is another
 * feature's internal module. Built per area and depth (a regex cannot know the file's own area).
 */
function featureBoundaries() {
  const areas = fs
    .readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return areas.flatMap((area) =>
    [1, 2, 3].map((depth) =>
      restrictImports(
        [`src/features/${area}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
        [
          NOT_APP,
          FEATURE_ENTRY_ONLY,
          pattern(
            String.raw`^(\.\./){${depth}}(?!${area}/)[^./][^/]*/.`,
            "A feature reaches another only through its public entry '../<area>' (its index.ts).",
          ),
        ],
      ),
    ),
  );
}

const boundaries = [
  // Everything in src/ (areas below repeat it in their own lists).
  restrictImports(['src/**/*.{ts,tsx}'], [NOT_APP], ['src/main.tsx', 'src/app/**']),
  restrictImports(
    ['src/app/**/*.{ts,tsx}'],
    [
      pattern(
        String.raw`(^|/)features/[^/]+/.`,
        "The shell imports a feature's public entry 'features/<area>' only (pages: lazy import() in routes.tsx).",
      ),
    ],
  ),
  restrictImports(
    ['src/platform/**/*.{ts,tsx}'],
    [
      NOT_APP,
      NOT_FEATURES('src/platform (shared services, below the features)'),
      NOT_GALLERY('src/platform'),
    ],
  ),
  restrictImports(
    ['src/ui/**/*.{ts,tsx}'],
    [
      NOT_APP,
      pattern(
        String.raw`^(\.\./)+(state|features|platform|gallery|api)(/|$)|^(zustand|@tanstack/)`,
        'src/ui holds design-system primitives: no stores, features, platform services or API; take data and text as props.',
      ),
    ],
  ),
  restrictImports(
    ['src/api/**/*.{ts,tsx}'],
    [
      NOT_APP,
      NOT_FEATURES('src/api'),
      pattern(
        String.raw`^(\.\./)+(platform|gallery|ui)(/|$)|^react($|/|-)`,
        'src/api is the HTTP client and contract: no React, platform, gallery or UI.',
      ),
    ],
    ['src/api/contract/**'],
  ),
  restrictImports(
    ['src/api/contract/**/*.ts'],
    [
      pattern(
        String.raw`^(?!zod$|\./|\.\./\.\./domain/constants$)`,
        'The contract is shared with server/: it imports only zod, its own modules and the SPEC values of src/domain/constants.ts.',
      ),
    ],
  ),
  ...featureBoundaries(),
  restrictImports(
    ['server/**/*.ts'],
    [
      pattern(
        String.raw`^(\.\./)+src/(?!api/contract/|domain/)`,
        'server/ may import only src/api/contract/** and src/domain/** from the client.',
      ),
    ],
    // Test helpers may parse answers with anything the client has (they still go through the contract).
    ['server/testing.ts'],
  ),
  restrictImports(
    ['workers/**/*.ts', 'src/**/*.worker.ts'],
    [
      // Beside it: its *.shared.ts, and the pure modules it runs: the layout worker's justified.ts,
      // the engine's abort.ts and the files-answer worker's filesAnswerApi.ts (all import nothing).
      pattern(
        String.raw`^\.(?!/[\w.-]+\.shared$)(?!/justified$)(?!\./abort$)(?!/filesAnswerApi$)`,
        'A worker imports only its *.shared.ts message types and the pure modules it runs (listed in eslint.config.js).',
      ),
      pattern(
        String.raw`^(react|react-dom|zustand|i18next|@tanstack/|three)($|/)`,
        'A worker imports nothing from the app bundle (STYLE: three files, no app code).',
      ),
    ],
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-e2e/**',
      // Parallel local e2e runs (E2E_DIST_DIR, E2E_OUTPUT_DIR).
      'dist-e2e-*/**',
      'test-results-*/**',
      'node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { react, 'react-hooks': reactHooks },
    settings: { react: { version: '19' } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'react/jsx-key': 'error',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
    },
  },
  {
    files: ['src/app/**/*.tsx', 'src/features/**/*.tsx', 'src/gallery/react/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: noLiteralText,
  },
  // Layer boundaries; the engine's and the domain's own blocks below replace them in their folders.
  ...boundaries,
  {
    // The engine is framework-free so album grids, trash and pickers can reuse it, and so its
    // per-frame path never touches React. Timers, frames, fetch and storage go through one wrapper each.
    // Its workers (layout, decode) keep the worker rules above instead: they run off the frame
    // loop, and the decode worker is the engine's one fetch.
    files: ['src/gallery/engine/**/*.ts'],
    ignores: ['src/gallery/engine/clock.ts', 'src/gallery/engine/**/*.worker.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'requestAnimationFrame',
          'cancelAnimationFrame',
          'setTimeout',
          'setInterval',
          'clearTimeout',
        ].map((name) => ({
          name,
          message: 'Use the FrameClock (engine/clock.ts) so tests can drive time.',
        })),
        ...['fetch', 'localStorage', 'sessionStorage'].map((name) => ({
          name,
          message:
            'The engine gets data through its sources and the decode worker, never directly.',
        })),
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react/*'],
              message: 'The engine must not import React.',
            },
            { group: ['@react-three/*'], message: 'The engine must not import @react-three/*.' },
          ],
        },
      ],
    },
  },
  {
    // Pages reach the gallery through its public surface (src/gallery/index.ts) only, so the
    // engine's inside can change without touching them. The typescript-eslint variant of the
    // rule, so that this boundary and any other `no-restricted-imports` set on the same files
    // do not override each other.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/gallery/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/gallery/**', '!**/gallery/index', '!**/gallery/index.ts'],
              message: 'Import the gallery from its public surface, src/gallery (index.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // SPEC rules are pure so the UI, the workers and the server can all use them.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'react/*',
                'zustand',
                'zustand/*',
                'i18next',
                '@tanstack/*',
                '../*',
              ],
              message:
                'src/domain is pure: no React, stores, i18n or imports from outside the folder.',
            },
          ],
        },
      ],
    },
  },
  {
    // The floor every other floor reads, the contract and so the server included (SPEC values
    // have one home): it imports nothing, so whatever imports it stays server- and worker-safe.
    files: ['src/domain/constants.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '.',
              message: 'src/domain/constants.ts imports nothing: the contract and server read it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // The payment emulator's browser files are ES5 served as written (no build step): a
    // constructor's `var self = this` is how a callback reaches it there.
    files: ['server/payments/browser/*.js'],
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
);
