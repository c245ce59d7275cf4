// Issue 34, "the suite gets eyes": axe, colour contrast on, on every dialog, menu and panel, opened
// from every page that opens it, at 360 and 1440 px, light and dark. One signed-in page for both
// walks (viewport and colour scheme changed on it); each element is opened as a person opens it,
// scanned alone (axe limited to it) in both schemes (CONFIGS) and closed; no page loads between
// items.
//
// Inventory (src, 2026-11-30). Opened from: the pages where it is scanned here. A component opened
// the same way from several pages is scanned once per page whose own CSS could reach it (the
// viewer's, issue 34.3: its dark button style leaked into the dialogs in its toolbar).
//
//   element                         component                      opened from (scanned)
//   side menu                       app/SideMenu                   shell: /photos, /albums
//   gallery context menu            gallery/react/ContextMenu      /photos, album page
//   confirm / alert                 app/overlays/DialogHost        /photos (Delete from the menu)
//   shortcut sheet                  app/ShortcutSheet              /photos, viewer (`?`)
//   share dialog                    share/ShareDialog              /photos selection, viewer, album page
//   add to album (+ new album form) albums/AddToAlbumDialog        /photos selection, viewer
//   new album                       albums/NewAlbumDialog          /albums
//   album filter / sort menus       albums/ChoiceMenu              /albums; album page (view, sort)
//   album settings                  albums/AlbumSettingsDialog     album page (owner)
//   cover picker                    albums/CoverPickerDialog       album page (owner)
//   upload overlay                  albums/UploadOverlay           album page (shared, uploads allowed)
//   viewer More menu                carousel/CarouselMore          viewer (/photos/{id}, album viewer)
//   viewer Info panel               carousel/InfoPanel             viewer (/photos/{id})
//   viewer comments (side panel)    albums/CommentsPanel           album viewer (1440 px only)
//   cast pairing                    cast/PairDialog                viewer
//   subscription                    billing/SubscriptionDialog     /settings/storage (a plan, Buy)
//   digital legacy contact          settings/DigitalLegacySection  /settings/privacy
//   account switch                  auth/AccountSwitchPrompt       a link with another account's
//                                                                  session, signed in (start-up)
//   session expired                 app/SessionExpiredDialog       /photos, the session ended
// Not scanned here, with where they are: the editor and its modals (editor.spec, axe on both), the
// terms / sunset / full-screen card popups and the missing-name modal (modals.spec, axe on each),
// the profile picture cropper (settings.spec), the visitor's share page actions (share.spec, signed
// out).
import { expect, test, type Page } from '@playwright/test';
import { account, albumWithPhotos, call, uploadPhoto, type Account } from './support/accounts';
import { apiGet } from './support/api';
import { axeBuilder } from './support/axe';
import { waitForSceneReady } from './support/gallery';
import { screenTiles } from './support/interaction';
import { createTestUser } from './support/testControls';
import { apiSession, openTimelineSignedIn, PAGE_LOAD_TIMEOUT, withSession } from './support/login';
import { navigateInApp } from './support/routes';
import { appLocalStorage, sharedPage } from './support/sharedPage';
import { viewerAction } from './support/viewer';

/**
 * The two walks: each width once, in one scheme. There each element is scanned in full, then in
 * the other scheme for the colour rules (the only ones a scheme changes), so colours are checked
 * at 360 and 1440 px in light and dark, and every other rule at both widths. Walking all four
 * configurations instead took about twice the CPU (167 CPU s measured for two walks).
 */
const CONFIGS = [
  { width: 360, height: 740, colorScheme: 'light' },
  { width: 1440, height: 900, colorScheme: 'dark' },
] as const;
type Config = (typeof CONFIGS)[number];

let owner: Account;
const photos: string[] = [];
let album: { id: string; files: string[] };

test.beforeAll(async ({ request }) => {
  owner = await account(request, 'axe-owner', { name: 'Axe Owner' });
  for (let i = 0; i < 3; i++) {
    const mtime = Date.UTC(2024, 2, 1 + i) / 1000;
    const path = `axe/photo-${i}.jpg`;
    photos.push(await uploadPhoto(owner, { path, mtime, width: 640, height: 480, red: 70 * i }));
  }
  album = await albumWithPhotos(owner, 'Axe album', true, 2);
});

const shared = sharedPage({
  storageState: appLocalStorage({ cookieNoticeSeen: '1', carouselSideModule: '0' }),
});

/** The rules whose outcome depends on the colour scheme (the others are the same in both). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** What the scans found, one line per (element, rule), and how many scans ran. */
class Scanner {
  readonly found: string[] = [];
  scans = 0;
  /** The page's scheme now: each scan leaves the page in the other (one change a scan). */
  private scheme: Config['colorScheme'];
  constructor(
    private readonly page: Page,
    private readonly config: Config,
  ) {
    this.scheme = config.colorScheme;
  }

  /**
   * axe on `selector` alone (the opened element), in full in the page's scheme, then its colour
   * rules in the other scheme, which the page then keeps (the other rules do not depend on it);
   * the violations noted, not thrown.
   */
  async scan(name: string, selector: string): Promise<void> {
    await expect(this.page.locator(selector).first()).toBeVisible();
    await this.analyze(name, selector, this.scheme);
    this.scheme = this.scheme === 'dark' ? 'light' : 'dark';
    await this.page.emulateMedia({ colorScheme: this.scheme });
    await transitionsDone(this.page);
    await this.analyze(name, selector, this.scheme, COLOUR_RULES);
  }

  private async analyze(
    name: string,
    selector: string,
    scheme: Config['colorScheme'],
    rules?: string[],
  ): Promise<void> {
    const builder = axeBuilder(this.page).include(selector);
    const { violations } = await (rules ? builder.withRules(rules) : builder).analyze();
    this.scans++;
    const where = `${this.config.width} px ${scheme}${rules ? ' (colour rules)' : ''}`;
    for (const violation of violations) {
      const nodes = violation.nodes.map((node) => {
        const why = (node.failureSummary ?? '').split('\n').slice(1, 2).join('').trim();
        return `${node.target.join(' ')} (${why})`;
      });
      this.found.push(`${name}, ${where}: ${violation.id}: ${nodes.join('; ')}`);
    }
  }
}

/** No CSS transition running (a colour scheme changed: colours read mid-way would be neither). */
async function transitionsDone(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter((a) => a instanceof CSSTransition && a.playState === 'running').length,
      ),
    )
    .toBe(0);
}

/**
 * The shared page at this configuration (its viewport and colour scheme), on `path` opened in the
 * app (`ready` shown), nothing open. The first time, a page load signed in on the timeline.
 */
async function start(config: Config, path: string, ready: string): Promise<Page> {
  const page = shared();
  await configure(page, config);
  if (page.url() === 'about:blank') await openTimelineSignedIn(page, '/photos', owner);
  await expect(page.locator('dialog[open]')).toHaveCount(0);
  await expect(page.getByTestId('carousel')).toHaveCount(0);
  if (new URL(page.url()).pathname !== path) await navigateInApp(page, path);
  await expect(page.getByTestId(ready)).toBeVisible();
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(
    config.colorScheme === 'dark',
  );
  return page;
}

/** The page's viewport and colour scheme set to `config`'s. */
async function configure(page: Page, config: Config): Promise<void> {
  await page.setViewportSize({ width: config.width, height: config.height });
  await page.emulateMedia({ colorScheme: config.colorScheme, reducedMotion: 'reduce' });
}

/**
 * The top dialog closed as a person closes it: its Close or Cancel button (the viewer's dialogs
 * sit inside the viewer, whose Escape a test need not reason about), else Escape.
 */
async function closeDialog(page: Page): Promise<void> {
  const open = page.locator('dialog[open]');
  const before = await open.count();
  const button = open.last().getByRole('button', { name: /^(Close|Cancel)$/ });
  if ((await button.count()) > 0) await button.last().click();
  else await page.keyboard.press('Escape');
  await expect(open).toHaveCount(before - 1);
}

async function tile(page: Page, id: string) {
  await expect.poll(async () => (await screenTiles(page)).some((t) => t.id === id)).toBe(true);
  return (await screenTiles(page)).find((t) => t.id === id)!;
}

async function sideMenu(page: Page, scanner: Scanner, from: string): Promise<void> {
  await page.locator('.top-nav__menu-button').click();
  await expect(page.locator('#side-menu')).toHaveClass(/side-menu--open/);
  await scanner.scan(`side menu (${from})`, '#side-menu');
  await page.keyboard.press('Escape');
  await expect(page.locator('#side-menu')).not.toHaveClass(/side-menu--open/);
}

async function contextMenu(page: Page, scanner: Scanner, from: string, id: string) {
  const at = await tile(page, id);
  await page.mouse.click(at.x + at.w / 2, at.y + at.h / 2, { button: 'right' });
  await scanner.scan(`context menu (${from})`, '[data-testid="gallery-menu"]');
}

async function timeline(page: Page, scanner: Scanner): Promise<void> {
  await waitForSceneReady(page);
  await sideMenu(page, scanner, '/photos');

  // The context menu, and Delete's confirmation from it (cancelled).
  await contextMenu(page, scanner, '/photos', photos[0]);
  await page.getByTestId('gallery-menu').getByRole('menuitem', { name: 'Delete' }).click();
  await scanner.scan('confirm (/photos)', 'dialog[open][role="alertdialog"]');
  await page.locator('dialog[open]').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);

  await page.keyboard.press('?');
  await scanner.scan('shortcut sheet (/photos)', 'dialog[open]');
  await closeDialog(page);

  // The selection's Share and Add to album (and its new-album form), at both widths: at 1440 the
  // check mark's click fell on the top navigation while the window kept the settings page's
  // scroll (the grid page opened 149 px down; GridPage now opens at the window's top). The tile's
  // check mark; again if the grid moved the tile before the click landed.
  await expect(async () => {
    if ((await page.getByTestId('selection-count').count()) === 0) {
      const at = await tile(page, photos[0]);
      await page.mouse.click(at.x + 16, at.y + 16);
    }
    await expect(page.getByTestId('selection-count')).toContainText('1', { timeout: 2_000 });
  }).toPass();
  await page.getByTestId('selection-share').click();
  await scanner.scan('share (/photos)', '[data-testid="share-dialog"]');
  await closeDialog(page);
  await page.getByTestId('selection-add-to-album').click();
  await scanner.scan('add to album (/photos)', 'dialog[open]');
  await page.getByTestId('add-to-album-new').click();
  await expect(page.getByTestId('new-album-form')).toBeVisible();
  await scanner.scan('add to album, new album (/photos)', 'dialog[open]');
  // Cancel goes back to the album choices, the selection kept (issue 34.4).
  await page.locator('dialog[open]').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('add-to-album-new')).toBeVisible();
  await closeDialog(page);
  await page.getByTestId('selection-clear').click();
  await expect(page.getByTestId('selection-count')).toHaveCount(0);
}

/** The viewer on `path` (a file of the timeline or of the album): its menus, panels and dialogs. */
async function viewer(page: Page, scanner: Scanner, path: string, from: string): Promise<void> {
  await navigateInApp(page, path);
  const carousel = page.getByTestId('carousel');
  await expect(carousel).toHaveAttribute('data-load', 'ready', { timeout: PAGE_LOAD_TIMEOUT });

  await page.getByTestId('carousel-more').click();
  await scanner.scan(`More menu (${from})`, '[data-testid="carousel-more-panel"]');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('carousel-more')).toHaveAttribute('aria-expanded', 'false');

  await (await viewerAction(page, 'carousel-info-toggle')).click();
  await scanner.scan(`Info panel (${from})`, '[data-testid="carousel-info"]');
  await (await viewerAction(page, 'carousel-info-toggle')).click();
  await expect(page.getByTestId('carousel-info')).toHaveCount(0);

  await (await viewerAction(page, 'carousel-share')).click();
  await scanner.scan(`share (${from})`, '[data-testid="share-dialog"]');
  await closeDialog(page);
  await (await viewerAction(page, 'carousel-add-to-album')).click();
  await scanner.scan(`add to album (${from})`, 'dialog[open]');
  await closeDialog(page);
  await (await viewerAction(page, 'carousel-cast')).click();
  await scanner.scan(`cast pairing (${from})`, 'dialog[open]');
  await closeDialog(page);

  await page.keyboard.press('?');
  await scanner.scan(`shortcut sheet (${from})`, 'dialog[open]');
  await closeDialog(page);
}

async function albums(page: Page, scanner: Scanner): Promise<void> {
  await sideMenu(page, scanner, '/albums');
  for (const menu of ['albums-filter', 'albums-sort']) {
    await page.getByTestId(menu).click();
    await scanner.scan(`${menu} menu (/albums)`, `[data-testid="${menu}-menu"]`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`${menu}-menu`)).toHaveCount(0);
  }
  await page.getByTestId('albums-new').click();
  await scanner.scan('new album (/albums)', 'dialog[open]');
  await closeDialog(page);
}

async function albumPage(page: Page, scanner: Scanner, config: Config): Promise<void> {
  for (const menu of ['album-sort', 'album-view']) {
    await page.getByTestId(menu).click();
    await scanner.scan(`${menu} menu (album)`, `[data-testid="${menu}-menu"]`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`${menu}-menu`)).toHaveCount(0);
  }
  await contextMenu(page, scanner, 'album', album.files[0]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('gallery-menu')).toHaveCount(0);
  for (const [button, name] of [
    ['album-share', 'share'],
    ['album-edit', 'album settings'],
    ['album-cover', 'cover picker'],
    ['album-upload', 'upload overlay'],
  ] as const) {
    await page.getByTestId(button).click();
    await scanner.scan(`${name} (album)`, 'dialog[open]');
    await closeDialog(page);
  }

  // The album's viewer: its own More menu and the comments (a side panel on a computer). Once, at
  // 1440 px (dark, its colours light too): the viewer's own CSS is scanned at both widths from
  // /photos/{id} (the album viewer is the same component; about 20 CPU s a walk).
  if (config.width < 1000) return;
  await viewer(page, scanner, `/carousel/${album.id}/${album.files[0]}`, 'album viewer');
  await page.getByTestId('carousel-comments').click();
  await scanner.scan('comments panel (album viewer)', '[data-testid="comments"]');
  await page.getByTestId('carousel-comments').click();
  await page.getByTestId('carousel-close').click();
  await expect(page.getByTestId('carousel')).toHaveCount(0);
}

async function settings(page: Page, scanner: Scanner): Promise<void> {
  await page.locator('[data-testid="plan-table"] [data-plan="prod_100gb_monthly"] input').check();
  await page.getByTestId('storage-buy').click();
  await scanner.scan('subscription (/settings/storage)', '[data-testid="subscription-dialog"]');
  await closeDialog(page);

  await navigateInApp(page, '/settings/privacy');
  await page.getByTestId('legacy-provide_content_to_contact').click();
  await scanner.scan('digital legacy contact (/settings/privacy)', 'dialog[open]');
  await page.getByTestId('legacy-contact-cancel').click();
  await expect(page.locator('dialog[open]')).toHaveCount(0);
}

/** The pages of the app, each with what opens from it. */
const PAGES: {
  name: string;
  path: () => string;
  ready: string;
  walk: (page: Page, scanner: Scanner, config: Config) => Promise<void>;
}[] = [
  { name: 'the timeline', path: () => '/photos', ready: 'timeline', walk: timeline },
  {
    name: 'the viewer',
    path: () => '/photos',
    ready: 'timeline',
    walk: async (page, scanner) => {
      await viewer(page, scanner, `/photos/${photos[1]}`, 'viewer');
      await page.getByTestId('carousel-close').click();
      await expect(page.getByTestId('carousel')).toHaveCount(0);
    },
  },
  { name: 'the albums', path: () => '/albums', ready: 'albums-page', walk: albums },
  {
    name: 'an album of ones own and its viewer',
    path: () => `/albums/${album.id}`,
    ready: 'album-header',
    walk: albumPage,
  },
  { name: 'settings', path: () => '/settings/storage', ready: 'storage-page', walk: settings },
];

/**
 * The dialogs about the session itself, at 360 and 1440 px (CONFIGS), on the shared page once
 * every page above is done (they end its session): the account switch, met at start-up when a
 * link carries another account's session while one is signed in (kept, not switched), then the
 * session expired, met when the server no longer knows the session (it ended elsewhere: SPEC §7
 * POST /logout with its token) and the app's next call answers 401 (SPEC §4).
 */
async function sessionDialogs(page: Page, other: { email: string; password: string }) {
  const found: string[] = [];
  let scans = 0;
  const scanBoth = async (name: string) => {
    for (const config of CONFIGS) {
      await configure(page, config);
      const scanner = new Scanner(page, config);
      await scanner.scan(name, 'dialog[open][role="alertdialog"]');
      found.push(...scanner.found);
      scans += scanner.scans;
    }
  };

  // A page load: the prompt is asked before the app starts.
  await page.goto(withSession('/photos', await apiSession(page.request, other)));
  await expect(page.getByTestId('account-switch-keep')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await scanBoth('account switch (start-up)');
  await page.getByTestId('account-switch-keep').click();
  await expect(page.getByTestId('timeline')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
  await waitForSceneReady(page);

  const token = await page.evaluate(() => sessionStorage.getItem('authToken'));
  expect(token).toBeTruthy();
  await call({ ...owner, token: token! }, 'POST', '/logout');
  // The app's next call, through its own client: answered 401.
  await expect(apiGet(page, '/account_info')).rejects.toThrow();
  await expect(page.getByTestId('session-expired')).toBeVisible();
  await scanBoth('session expired (/photos)');
  console.log(
    `a11y-matrix scans: ${scans} (360 and 1440, each in both schemes, the session dialogs)`,
  );
  return found;
}

test('a scan repeated on the page finds what the first finds (axe-core kept in the page)', async () => {
  const page = shared();
  if (page.url() === 'about:blank') await openTimelineSignedIn(page, '/photos', owner);
  await page.evaluate(() => {
    // The first scan below gives the page axe-core again (AxeBuilder's own path); the later ones
    // run the axe.run it left there (support/axe).
    delete (window as { axe?: unknown }).axe;
    const probe = document.createElement('div');
    probe.id = 'axe-probe';
    probe.innerHTML =
      '<p style="color:#777;background:#888">Low contrast</p><img src="data:," width="10" height="10">';
    document.body.append(probe);
  });
  try {
    for (let i = 0; i < 2; i++) {
      const { violations } = await axeBuilder(page).include('#axe-probe').analyze();
      expect(violations.map((v) => v.id).sort()).toEqual(['color-contrast', 'image-alt']);
    }
    const colours = await axeBuilder(page).include('#axe-probe').withRules(COLOUR_RULES).analyze();
    expect(colours.violations.map((v) => v.id)).toEqual(['color-contrast']);
  } finally {
    await page.evaluate(() => document.getElementById('axe-probe')?.remove());
  }
});

for (const config of CONFIGS) {
  test.describe(`${config.width} px, ${config.colorScheme}`, () => {
    for (const { name, path, ready, walk } of PAGES) {
      test(`${name}: every dialog, menu and panel passes axe`, async () => {
        // A dozen scans and as many dialogs opened: past the minute on a loaded machine.
        test.slow();
        const page = await start(config, path(), ready);
        const scanner = new Scanner(page, config);
        await walk(page, scanner, config);
        console.log(
          `a11y-matrix scans: ${scanner.scans} (${config.width} ${config.colorScheme}, ${name})`,
        );
        expect(scanner.found).toEqual([]);
      });
    }
  });
}

test.describe('the session', () => {
  test('the account-switch and session-expired dialogs pass axe', async () => {
    test.slow();
    const page = shared();
    if (page.url() === 'about:blank') await openTimelineSignedIn(page, '/photos', owner);
    const found = await sessionDialogs(page, await createTestUser('axe-other'));
    expect(found).toEqual([]);
  });
});
