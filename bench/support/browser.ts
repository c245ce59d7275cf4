// Chromium for the benches: the project's e2e flags (SwiftShader WebGL2) plus
// --enable-gpu-benchmarking for chrome.gpuBenchmarking.smoothScrollBy, and the page-side probes
// (long animation frames, DOM nodes, heap after GC).
import { chromium, type Browser, type Page } from '@playwright/test';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CHROMIUM_ARGS } from '../../scripts/chromiumArgs';
import { ROOT, round } from './env';

export const VIEWPORT = { width: 1280, height: 800 } as const;

const ARGS = [...CHROMIUM_ARGS, '--enable-gpu-benchmarking'];

async function chromiumPath(): Promise<string> {
  // scripts/chromium.mjs is plain JS without types: imported by URL and typed here.
  const url = pathToFileURL(path.join(ROOT, 'scripts', 'chromium.mjs')).href;
  const module = (await import(url)) as { ensureChromium(): string };
  return module.ensureChromium();
}

export async function launchBrowser(): Promise<{ browser: Browser; version: string }> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    args: ARGS,
    // Playwright hides scrollbars in headless mode; the DOM grid's drag needs its native one.
    ignoreDefaultArgs: ['--hide-scrollbars'],
  });
  return { browser, version: browser.version() };
}

export interface LongFrame {
  start: number;
  duration: number;
  blocking: number;
  scripts: { invoker: string; source: string; duration: number }[];
}

/**
 * Installed before any page script: keeps every long-animation-frame entry (a frame longer than
 * 50 ms, by the API's definition) with the scripts it names.
 */
function observeLongFrames(): void {
  const store: LongFrame[] = [];
  (window as unknown as { __benchLongFrames: LongFrame[] }).__benchLongFrames = store;
  type Entry = PerformanceEntry & {
    blockingDuration: number;
    scripts: {
      invoker: string;
      sourceURL: string;
      sourceFunctionName: string;
      duration: number;
    }[];
  };
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[]) {
        store.push({
          start: entry.startTime,
          duration: entry.duration,
          blocking: entry.blockingDuration,
          scripts: entry.scripts.map((s) => ({
            invoker: s.invoker,
            source: `${s.sourceURL.replace(/^.*\//, '')}:${s.sourceFunctionName}`,
            duration: s.duration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // No LoAF support: the count stays empty and the result says so (supported: false).
  }
}

export async function newBenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const page = await context.newPage();
  // tsx (esbuild keepNames) wraps named inner functions of evaluated callbacks in __name():
  // the page needs it defined.
  await page.addInitScript('globalThis.__name = (fn) => fn;');
  await page.addInitScript(observeLongFrames);
  return page;
}

export async function longFramesSupported(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    (PerformanceObserver.supportedEntryTypes ?? []).includes('long-animation-frame'),
  );
}

/** Long animation frames that started in [from, to) (page clock, ms). */
export async function longFramesBetween(page: Page, from: number, to: number) {
  const all = await page.evaluate(
    () => (window as unknown as { __benchLongFrames: LongFrame[] }).__benchLongFrames ?? [],
  );
  return all.filter((f) => f.start >= from && f.start < to);
}

export const pageNow = (page: Page): Promise<number> => page.evaluate(() => performance.now());

export const domNodes = (page: Page): Promise<number> =>
  page.evaluate(() => document.getElementsByTagName('*').length);

/** The page's JS heap (main thread) after a full GC, MB. Workers have their own heaps. */
export async function heapAfterGc(page: Page): Promise<{ usedMB: number; totalMB: number }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize, totalSize } = await cdp.send('Runtime.getHeapUsage');
    return { usedMB: round(usedSize / 2 ** 20, 1), totalMB: round(totalSize / 2 ** 20, 1) };
  } finally {
    await cdp.detach();
  }
}

export const DEMO = { email: 'demo@example.com', password: 'capture-demo' };

/** Where a bench's servers answer: the web app's origin and the API's. */
export interface BenchOrigins {
  webUrl: string | null;
  apiUrl: string;
}

/**
 * A session made through the API as tests/e2e/support/login.ts apiSession does (the identity
 * provider's PKCE flow, as the client runs it, redirected to the web app's registered root):
 * its auth token and the service dictionary the login answered with.
 */
async function apiSession(
  origins: { webUrl: string; apiUrl: string },
  credentials: { email: string; password: string },
): Promise<{ token: string; serviceDict: Record<string, unknown> }> {
  const verifier = randomBytes(128).toString('hex');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const preflight = new URL(`${origins.apiUrl}/st/4/telenorid/preflight_oauth2login`);
  preflight.search = new URLSearchParams({
    code_challenge: challenge,
    oauth_redirect_uri: `${origins.webUrl}/`,
    locale: 'en_US',
    redir: '/',
  }).toString();
  const pre = await fetch(preflight);
  if (!pre.ok) throw new Error(`sign-in preflight: ${pre.status}`);
  const { authorization_url, authorization_params } = (await pre.json()) as {
    authorization_url: string;
    authorization_params: Record<string, string>;
  };
  const form = await fetch(authorization_url, {
    method: 'POST',
    body: new URLSearchParams({ ...authorization_params, ...credentials }),
    redirect: 'manual',
  });
  const location = form.headers.get('location');
  if (form.status !== 302 || !location) throw new Error(`sign-in form: ${form.status}`);
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error('sign-in: no code in the redirect');
  const post = await fetch(`${origins.apiUrl}/st/4/telenorid/postflight_oauth2callback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, code_verifier: verifier, device_name: 'Capture' }),
  });
  if (!post.ok) throw new Error(`sign-in callback: ${post.status}`);
  const answer = (await post.json()) as {
    auth_token: string;
    service_dict: Record<string, unknown>;
  };
  return { token: answer.auth_token, serviceDict: answer.service_dict };
}

/**
 * Opens `pathname` signed in, as the e2e suite's openTimelineSignedIn does: the session is made
 * through the API and handed to the app the way SPEC §2 lets a link do it (`auth_token` and
 * `service_dict` in the query string, which the app adopts and takes out of the address). One
 * page load instead of three (the login prompt, the identity page, the app again): the
 * sign-in is not what any bench measures, and each of those loads boots the whole app.
 */
export async function signIn(
  page: Page,
  origins: BenchOrigins,
  pathname = '/photos',
  options: { credentials?: { email: string; password: string }; readyTestId?: string } = {},
): Promise<void> {
  const { webUrl, apiUrl } = origins;
  if (!webUrl) throw new Error('signIn needs the web listener');
  const session = await apiSession({ webUrl, apiUrl }, options.credentials ?? DEMO);
  const url = new URL(pathname, webUrl);
  url.searchParams.set('auth_token', session.token);
  url.searchParams.set('service_dict', JSON.stringify(session.serviceDict));
  await page.goto(url.href);
  await page.getByTestId(options.readyTestId ?? 'timeline').waitFor({ timeout: 60_000 });
}

/**
 * Signs in as a person does: the login prompt, then the identity page, then the app loads again.
 * The revisit bench keeps it: its gates are about what the device keeps of the session between
 * visits, and only this path was measured there.
 */
export async function signInThroughIdentityPage(
  page: Page,
  webUrl: string,
  pathname = '/photos',
  options: { credentials?: { email: string; password: string }; readyTestId?: string } = {},
): Promise<void> {
  const credentials = options.credentials ?? DEMO;
  await page.goto(`${webUrl}${pathname}`);
  await page.getByTestId('sign-in').click({ timeout: 60_000 });
  await page.getByLabel('Email').fill(credentials.email);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: /sign in|log in/i }).click();
  await page.getByTestId(options.readyTestId ?? 'timeline').waitFor({ timeout: 60_000 });
}

/** The session the app stored after signing in (SPEC §9 session storage keys). */
export async function storedSession(page: Page): Promise<{ token: string; serviceDict: string }> {
  const stored = await page.evaluate(() => ({
    token: sessionStorage.getItem('authToken') ?? '',
    serviceDict: sessionStorage.getItem('serviceDict') ?? '',
  }));
  if (!stored.token || !stored.serviceDict) throw new Error('no session stored after sign-in');
  return stored;
}
