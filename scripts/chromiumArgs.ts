/**
 * Chromium flags for the e2e tests and the benches: headless on a closed network, and WebGL2
 * through SwiftShader so the GPU grid runs without a GPU.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];
