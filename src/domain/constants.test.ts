import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_DELETION_MAX_DAYS,
  ALBUM_COPY_FAILURE_TOAST_MS,
  ALBUM_GRID,
  B2B_SEPARATE_GRANT_GB,
  CAST_AUTOPLAY_NEXT_ITEMS,
  COMMENT_INPUT_MAX_HEIGHT_PX,
  COVER_PICKER_TILES,
  DATA_REQUEST_REPEAT_BLOCK_HOURS,
  DIALOG_WIDTHS_PX,
  DRAWER_WIDTH_PX,
  ERROR_REPORT_SAMPLE_RATE,
  FREE_STORAGE_GB_IN_SHARE_TEXT,
  FREE_TRIAL_PROMO_MONTHS,
  LEGACY_PHONE_DIGITS,
  MONTH_FIRST_DAY,
  MONTH_LAST_DAY,
  RECENTS_UPLOADED_SINCE_DAYS,
  RECENTS_WINDOWS_DAYS,
  SHARE_THUMBNAILS_PX,
  SIDE_INFO_PANEL_WIDTH_PX,
  SUNSET_NOTICE_MONTHS,
  TRASH_INFINITE_SCROLL_PX,
  BREAKPOINTS,
  CLIENT_VERSION,
  DATE_TOOLTIP_DELAY_MS,
  DEFAULT_STORAGE_BYTES,
  DOWNLOAD_LIMIT_BYTES,
  DOWNLOAD_LIMIT_ITEMS,
  FAST_SCROLL,
  FOCUSED_ITEM_SCALE,
  HINT_TIMEOUT_MS,
  JOB_CHANGE_POLL_MS,
  LONG_PRESS_MS,
  MAX_UPLOAD_BYTES,
  MENU_UPWARD_PX,
  PINCH_THRESHOLD,
  POLL_EMPTY_RETRY_MS,
  POLL_RETRY_MS,
  POPUP_MAX_WIDTH,
  RESTORE_BATCH,
  RESTORE_PARALLEL,
  SCROLLER_COLLAPSE_MARGIN_PX,
  SCROLL_BUFFERS_PX,
  SELECTION_HINT_AFTER,
  SHIFT_SELECT_HINT_AT,
  SHIFT_SELECT_HINT_REPEAT_DAYS,
  SHARE_ERROR_MS,
  SHARE_LINK_EXPIRY_DAYS,
  SLIDESHOW_INTERVAL_MS,
  STORAGE_METER_MIN_FILL,
  STORAGE_WARNING_RATIOS,
  STORE_POLL_MS,
  TEXT_MAX,
  THUMBNAIL_SIZES,
  TIMELINE_CELLS,
  TOAST_AUTO_DISMISS_MS,
  TOOLTIP_MAX_WIDTH,
  TOOLTIP_OPEN_DELAY_MS,
  TRASH_REMOVED_SOON_DAYS,
  TRASH_RETENTION_DAYS,
  UPLOAD_CONCURRENCY,
  UPLOAD_OFFLINE_RETRY_S,
  VIDEO_PREVIEW_HOVER_MS,
  VIDEO_PREVIEW_RANGE_BYTES,
} from './constants';

describe('SPEC §9 constants', () => {
  it('pins the client version', () => {
    // SPEC §9: "Client version | 1.2.3300.7"
    expect(CLIENT_VERSION).toBe('1.2.3300.7');
  });

  it('pins the breakpoints', () => {
    // SPEC §2: "Breakpoints: 600 px mobile, 900 tablet portrait, 1200 tablet landscape, 1400 TV"
    expect(BREAKPOINTS).toEqual({
      mobile: 600,
      tabletPortrait: 900,
      tabletLandscape: 1200,
      tv: 1400,
    });
  });

  it('pins toast durations', () => {
    // SPEC §8: "Auto-dismiss after 4000 ms (album copy failure 5500 ms)"
    expect(TOAST_AUTO_DISMISS_MS).toBe(4000);
    expect(ALBUM_COPY_FAILURE_TOAST_MS).toBe(5500);
  });

  it('pins timers and gestures', () => {
    // SPEC §9: "tooltip opens after 500 ms, max width 400; popup max width 400"
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(500);
    expect(TOOLTIP_MAX_WIDTH).toBe(400);
    expect(POPUP_MAX_WIDTH).toBe(400);
    // SPEC §9: "long-press 500 ms; date tooltip after 1000 ms"
    expect(LONG_PRESS_MS).toBe(500);
    expect(DATE_TOOLTIP_DELAY_MS).toBe(1000);
    // SPEC §9: "pinch threshold 20; hint timeouts 3000 ms; slideshow 5000 ms; share error 3 s"
    expect(PINCH_THRESHOLD).toBe(20);
    expect(HINT_TIMEOUT_MS).toBe(3000);
    expect(SLIDESHOW_INTERVAL_MS).toBe(5000);
    expect(SHARE_ERROR_MS).toBe(3000);
    // SPEC §9: "selection hint after 10 selected; shift-select hint shown once or re-shown after
    // a month at 1 or 3 selected" (a month read as 30 days)
    expect(SELECTION_HINT_AFTER).toBe(10);
    expect(SHIFT_SELECT_HINT_AT).toEqual([1, 3]);
    expect(SHIFT_SELECT_HINT_REPEAT_DAYS).toBe(30);
    // SPEC §9: "video preview after 300 ms hover; video range 5,000,000 bytes"
    expect(VIDEO_PREVIEW_HOVER_MS).toBe(300);
    expect(VIDEO_PREVIEW_RANGE_BYTES).toBe(5_000_000);
    // SPEC §9: "fast-scroll detection above 7.5 viewport heights in 250 ms"
    expect(FAST_SCROLL).toEqual({ viewportHeights: 7.5, windowMs: 250 });
    // SPEC §9: "buffers 200/400 px; scroller collapses if side margin is 70 px or less"
    expect(SCROLL_BUFFERS_PX).toEqual({ near: 200, far: 400 });
    expect(SCROLLER_COLLAPSE_MARGIN_PX).toBe(70);
    // SPEC §9: "menu opens upward if under 100 px (200 mobile) remains; focused item scale 1.15"
    expect(MENU_UPWARD_PX).toEqual({ desktop: 100, mobile: 200 });
    expect(FOCUSED_ITEM_SCALE).toBe(1.15);
  });

  it('pins trash and share durations', () => {
    // SPEC §9: "Trash retention (files, albums) | 90 days; 5 or fewer left = removed soon"
    expect(TRASH_RETENTION_DAYS).toBe(90);
    expect(TRASH_REMOVED_SOON_DAYS).toBe(5);
    // SPEC §9: "Share link expiry | 30 days"
    expect(SHARE_LINK_EXPIRY_DAYS).toBe(30);
  });

  it('pins download and upload limits in base-1024 bytes', () => {
    // SPEC §9: "Download limit | 500 items and 3.5 GB"; "Size units | Bytes, KB, MB, GB, base 1024"
    expect(DOWNLOAD_LIMIT_ITEMS).toBe(500);
    expect(DOWNLOAD_LIMIT_BYTES).toBe(3_758_096_384);
    // SPEC §9: "Max upload file size | 200 GiB ("200 GB")"
    expect(MAX_UPLOAD_BYTES).toBe(200 * 2 ** 30);
    // SPEC §9: "Upload queue concurrency | 5; restore batch 200 files, 5 parallel"
    expect(UPLOAD_CONCURRENCY).toBe(5);
    expect(RESTORE_BATCH).toBe(200);
    expect(RESTORE_PARALLEL).toBe(5);
    // SPEC §9: "Upload offline retry countdown | 4 s"
    expect(UPLOAD_OFFLINE_RETRY_S).toBe(4);
  });

  it('pins polling intervals', () => {
    // SPEC §9: "Job change poll | 2500 ms; retry 1000 ms; empty retry 400 ms; store poll every 30000 ms"
    expect(JOB_CHANGE_POLL_MS).toBe(2500);
    expect(POLL_RETRY_MS).toBe(1000);
    expect(POLL_EMPTY_RETRY_MS).toBe(400);
    expect(STORE_POLL_MS).toBe(30000);
  });

  it('pins text, thumbnail and timeline cell sizes', () => {
    // SPEC §9: "Text max | 255"
    expect(TEXT_MAX).toBe(255);
    // SPEC §9: "Thumbnail sizes | 256 and 1280"
    expect(THUMBNAIL_SIZES).toEqual([256, 1280]);
    // SPEC §9: "desktop 180 px, 2 px spacing, header 30, header gap 12, group gap 44; mobile 176,
    // header gap 8, group gap 24; row cap 8 elements; tiles desktop 228 / mobile 176"
    expect(TIMELINE_CELLS).toEqual({
      desktop: { rowHeight: 180, spacing: 2, header: 30, headerGap: 12, groupGap: 44, tile: 228 },
      mobile: { rowHeight: 176, spacing: 2, header: 30, headerGap: 8, groupGap: 24, tile: 176 },
      rowCap: 8,
    });
  });

  it('pins storage meter values', () => {
    // SPEC §9: "Storage warnings | above 80% and above 95% usage"
    expect(STORAGE_WARNING_RATIOS).toEqual([0.8, 0.95]);
    // SPEC §9: "minimum 5% fill when nonzero; … default constant 15 GiB"
    expect(STORAGE_METER_MIN_FILL).toBe(0.05);
    expect(DEFAULT_STORAGE_BYTES).toBe(15 * 2 ** 30);
  });

  it('pins text, account and sharing values', () => {
    // SPEC §5: "phone only "+" and 8 to 14 digits"
    expect(LEGACY_PHONE_DIGITS).toEqual({ min: 8, max: 14 });
    // SPEC §9: "Account deletion | up to 30 days"; "Personal data request repeat block | 24 hours"
    expect(ACCOUNT_DELETION_MAX_DAYS).toBe(30);
    expect(DATA_REQUEST_REPEAT_BLOCK_HOURS).toBe(24);
    // SPEC §9: "Cast | autoplays next 4 items"
    expect(CAST_AUTOPLAY_NEXT_ITEMS).toBe(4);
    // SPEC §9: "Grants | B2B grant of 1000 GB or more listed separately"; "2 GB in share text"
    expect(B2B_SEPARATE_GRANT_GB).toBe(1000);
    expect(FREE_STORAGE_GB_IN_SHARE_TEXT).toBe(2);
    // SPEC §9: "Recents | windows 1, 7, 30 days; load uses uploaded_since 30"
    expect(RECENTS_WINDOWS_DAYS).toEqual([1, 7, 30]);
    expect(RECENTS_UPLOADED_SINCE_DAYS).toBe(30);
    // SPEC §9: "Month key | year-month; section days 1 to 31"
    expect([MONTH_FIRST_DAY, MONTH_LAST_DAY]).toEqual([1, 31]);
    // SPEC §9: "trash infinite scroll within 1000 px of bottom"
    expect(TRASH_INFINITE_SCROLL_PX).toBe(1000);
    // SPEC §8: error reports sampled at 0.5
    expect(ERROR_REPORT_SAMPLE_RATE).toBe(0.5);
  });

  it('pins the values awaiting their feature', () => {
    // SPEC §9: "Cover picker tiles | 229x114 desktop, 137x68 mobile"
    expect(COVER_PICKER_TILES).toEqual({
      desktop: { width: 229, height: 114 },
      mobile: { width: 137, height: 68 },
    });
    // SPEC §9: "Free trial | … promo text 2 months; transition/deletion notice 6 months"
    expect(FREE_TRIAL_PROMO_MONTHS).toBe(2);
    expect(SUNSET_NOTICE_MONTHS).toBe(6);
  });
});

/**
 * CSS cannot import constants.ts, so each size the SPEC gives a stylesheet is pinned here against
 * its constant: the declaration `property: <n>px` inside the rule of `selector` (the first rule
 * of that exact selector in the file). scripts/specValues.test.ts allows these lines, and only
 * these, to repeat a constant's value.
 */
const CSS_PINS: [file: string, selector: string, property: string, px: number][] = [
  // SPEC §2: "drawer 240 px, side info panel 360 px"
  ['src/app/theme.css', ':root', '--drawer-width', DRAWER_WIDTH_PX],
  ['src/app/theme.css', ':root', '--side-panel-width', SIDE_INFO_PANEL_WIDTH_PX],
  // SPEC §9: "comment input max height 216 px"
  [
    'src/features/albums/comments/Comments.css',
    '.comments__input',
    'max-height',
    COMMENT_INPUT_MAX_HEIGHT_PX,
  ],
  // SPEC §9: "Album grid | … max width 1500"
  ['src/features/albums/Albums.css', '.albums-page', 'max-width', ALBUM_GRID.desktopMaxWidth],
  // SPEC §9: "tooltip … max width 400; popup max width 400"
  ['src/gallery/react/FastScroller.css', '.fast-scroller__tooltip', 'max-width', TOOLTIP_MAX_WIDTH],
  ['src/gallery/react/GalleryView.css', '.gallery-menu__hint', 'max-width', TOOLTIP_MAX_WIDTH],
  ['src/features/storage/storagePopups.css', '.storage-popup', 'width', POPUP_MAX_WIDTH],
  // SPEC §9: "Share thumbnails | 296 px for one file, 128 for two, 88 mobile else 128"
  ['src/features/share/share.css', '.share-page__grid', '--share-tile', SHARE_THUMBNAILS_PX.pair],
  [
    'src/features/share/share.css',
    '.share-page__grid',
    '--share-tile',
    SHARE_THUMBNAILS_PX.manyDesktop,
  ],
  [
    'src/features/share/share.css',
    '.share-page__grid--single',
    '--share-tile',
    SHARE_THUMBNAILS_PX.single,
  ],
  [
    'src/features/share/share.css',
    '.share-page__grid:not(.share-page__grid--single):not(.share-page__grid--pair)',
    '--share-tile',
    SHARE_THUMBNAILS_PX.manyMobile,
  ],
];

function cssPixels(file: string, selector: string, property: string): number | null {
  const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const rule = new RegExp(`(^|[}\\s])${escaped}\\s*\\{([^}]*)\\}`, 'm').exec(css);
  if (!rule) return null;
  // `min(Npx, …)` caps a size below the constant; `max(Npx, …rem)` lets a TV's root font grow it
  // past the constant (issue 34.11): either way the constant is the size at an 18-px root.
  const decl = new RegExp(`(^|[;\\s])${property}:\\s*(?:m(?:in|ax)\\()?(\\d+)px`).exec(rule[2]);
  return decl ? Number(decl[2]) : null;
}

describe('CSS sizes pinned against their constants', () => {
  it.each(CSS_PINS)('%s %s { %s } is the constant (%i px)', (file, selector, property, px) => {
    expect(cssPixels(file, selector, property)).toBe(px);
  });

  it('the share grid holds at most maxPerRow tiles a row', () => {
    const css = readFileSync('src/features/share/share.css', 'utf8');
    expect(css).toContain(
      `max-width: calc(${SHARE_THUMBNAILS_PX.maxPerRow} * var(--share-tile) + ${SHARE_THUMBNAILS_PX.maxPerRow - 1} * 8px)`,
    );
  });

  it('the dialog widths are the two of SPEC §2 (ui/Dialog types its width with them)', () => {
    // SPEC §2: "dialogs 512 or 640 px"
    expect(DIALOG_WIDTHS_PX).toEqual([512, 640]);
  });

  it('every width media query is a SPEC §2 breakpoint', () => {
    // SPEC §2: "Breakpoints: 600 px mobile, 900 tablet portrait, 1200 tablet landscape, 1400 TV".
    // A max-width query ends just below a breakpoint, a min-width one starts at it.
    const starts = new Set<number>(Object.values(BREAKPOINTS));
    const files = readdirSync('src', { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.css'))
      .map((name) => `src/${name}`);
    const queries = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/@media[^{]*\((min|max)-width:\s*([\d.]+)px\)/g)].map(
        (m) => ({ file, kind: m[1], px: Number(m[2]) }),
      ),
    );
    expect(queries.length).toBeGreaterThan(5);
    for (const { file, kind, px } of queries) {
      // The photo cropper's own query (its 310 px viewport in a phone's dialog), not a layout.
      if (file.endsWith('settings/settings.css') && px === 400) continue;
      const start = kind === 'min' ? px : Number.isInteger(px) ? px + 1 : Math.ceil(px);
      expect(starts.has(start), `${file}: @media (${kind}-width: ${px}px)`).toBe(true);
    }
  });
});
