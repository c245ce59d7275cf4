// @ts-check
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
      allowedStrings: ['·', '©', '×', '…', '/', '-', '–', '(', ')', ':', '%'],
    },
  ],
};

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
  {
    // The engine is framework-free so album grids, trash and pickers can reuse it, and so its
    // per-frame path never touches React. Timers, frames, fetch and storage go through one wrapper each.
    files: ['src/gallery/engine/**/*.ts'],
    ignores: ['src/gallery/engine/clock.ts', '**/*.test.ts'],
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
);
