/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Set to "1" in test and bench builds: exposes engine stats and test hooks on `window`. */
  readonly VITE_TEST_HOOKS?: string;
}
