/**
 * Chromium flags for the e2e tests and the benches: headless on a closed network, and WebGL2
 * through SwiftShader so the GPU grid runs without a GPU.
 */

/**
 * The features Playwright turns off itself (playwright-core's chromiumSwitches, 1.65). Chromium
 * keeps only the last `--disable-features` of a command line, and Playwright puts the caller's
 * flags after its own: a list of ours alone would silently turn these back on. Kept in step with
 * the installed Playwright by scripts/chromiumArgs.test.ts.
 */
export const PLAYWRIGHT_DISABLED_FEATURES: readonly string[] = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser UI that headless Chromium (the full binary, Debian's) still builds in hidden WebUI
 * renderers: the omnibox popup, preloaded for each browser window. Measured in a trace of one
 * e2e /photos load: a "WebUI Top Renderer" compiling chrome://omnibox-popup took 1.6 CPU
 * seconds beside the page, and every new context about 0.2 more. Nothing under test uses it.
 */
export const UNUSED_BROWSER_UI_FEATURES: readonly string[] = [
  'InitialWebUI',
  'WebUIToolbarProcessOverheadExperiment',
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
];

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES].join(',')}`,
];
