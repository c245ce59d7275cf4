/**
 * SPEC §9 business constants and limits, plus the §2/§8 numbers the client needs in more than
 * one place. Sizes are base 1024 throughout (SPEC §9 "Size units … base 1024"), so a SPEC "GB"
 * is 2^30 bytes here. Units are in the names: `_MS`, `_S`, `_DAYS`, `_PX`, `_BYTES`.
 */

const MIB = 1024 ** 2;
const GIB = 1024 ** 3;

export const CLIENT_VERSION = '1.2.3300.7';

/** Minimum viewport widths in px at which each layout starts. */
export const BREAKPOINTS = {
  mobile: 600,
  tabletPortrait: 900,
  tabletLandscape: 1200,
  tv: 1400,
} as const;
export const SIDE_INFO_PANEL_WIDTH_PX = 360;
export const DRAWER_WIDTH_PX = 240;
export const DIALOG_WIDTHS_PX = [512, 640] as const;

/** SPEC §9 new album defaults: an album's view mode until the user picks another. */
export const NEW_ALBUM_VIEW_MODE = 'grid';

// Toasts (SPEC §8)
export const TOAST_AUTO_DISMISS_MS = 4000;
export const ALBUM_COPY_FAILURE_TOAST_MS = 5500;

// Timers and gestures
export const TOOLTIP_OPEN_DELAY_MS = 500;
export const TOOLTIP_MAX_WIDTH = 400;
export const POPUP_MAX_WIDTH = 400;
export const LONG_PRESS_MS = 500;
export const DATE_TOOLTIP_DELAY_MS = 1000;
export const VIDEO_PREVIEW_HOVER_MS = 300;
/** Upper bound of the Range request for a low-quality video preview (bytes 0 to this). */
export const VIDEO_PREVIEW_RANGE_BYTES = 5_000_000;
export const PINCH_THRESHOLD = 20;
export const HINT_TIMEOUT_MS = 3000;
export const SLIDESHOW_INTERVAL_MS = 5000;
/**
 * Not in SPEC §9 (issue 34.9): during a slideshow the viewer's toolbar and arrows hide after
 * this long without a pointer movement, and come back with the next one.
 */
export const SLIDESHOW_CHROME_IDLE_MS = 3000;
export const SHARE_ERROR_MS = 3000;
export const SELECTION_HINT_AFTER = 10;
/** The shift-select hint shows at these selection counts, once, or again after a month. */
export const SHIFT_SELECT_HINT_AT = [1, 3] as const;
export const SHIFT_SELECT_HINT_REPEAT_DAYS = 30;
export const FOCUSED_ITEM_SCALE = 1.15;

// Scrolling
/** Scrolling more than `viewportHeights` screens within `windowMs` counts as a fast scroll. */
export const FAST_SCROLL = { viewportHeights: 7.5, windowMs: 250 } as const;
export const SCROLL_BUFFERS_PX = { near: 200, far: 400 } as const;
/** The fast scroller collapses when the side margin is this or less. */
export const SCROLLER_COLLAPSE_MARGIN_PX = 70;
export const TRASH_INFINITE_SCROLL_PX = 1000;
/** A menu opens upward when less than this much room remains below its anchor. */
export const MENU_UPWARD_PX = { desktop: 100, mobile: 200 } as const;

// Trash and sharing
export const TRASH_RETENTION_DAYS = 90;
/** At this many days left or fewer, a trashed item is grouped as "removed soon". */
export const TRASH_REMOVED_SOON_DAYS = 5;
export const SHARE_LINK_EXPIRY_DAYS = 30;

// Downloads and uploads
export const DOWNLOAD_LIMIT_ITEMS = 500;
/** SPEC "3.5 GB" read as base 1024, like every other SPEC size: 3,758,096,384 bytes. */
export const DOWNLOAD_LIMIT_BYTES = 3.5 * GIB;
/** SPEC: "200 GiB ("200 GB")". */
export const MAX_UPLOAD_BYTES = 200 * GIB;
/** Bytes read from a file to prove it is not a folder before it is queued. */
export const UPLOAD_PROBE_BYTES = 64;
export const UPLOAD_CONCURRENCY = 5;
/**
 * Issue 32: files of this size or more go up resumably (tus) when the service offers it; smaller
 * ones keep the SPEC's one multipart POST. Below 32 MiB a lost connection costs at most the
 * file's own upload again (about 27 s on a 10 Mbit/s uplink, 5 s on 50 Mbit/s: the order of the
 * SPEC's 4 s offline countdown), while resuming costs every file two more round trips (create,
 * finish), a partial file on the server and a second server-side read for its SHA-1: worth it
 * for videos and big RAWs, not for the thousands of 2–8 MB phone photos of a library.
 */
export const RESUMABLE_UPLOAD_MIN_BYTES = 32 * MIB;
/**
 * One PATCH of a resumable upload carries at most this much: under the 100 MB request bodies
 * common proxies accept (Cloudflare's default), and the most a proxy that buffers whole requests
 * can lose on a cut. The server keeps every byte it received, so a cut mid-request loses little.
 */
export const RESUMABLE_UPLOAD_CHUNK_BYTES = 64 * MIB;
/** Speed and time left are measured over the last this many milliseconds of progress. */
export const UPLOAD_RATE_WINDOW_MS = 10_000;
/** Upload progress events fire only when progress moved by at least this fraction. */
export const UPLOAD_PROGRESS_STEP = 0.01;
export const UPLOAD_OFFLINE_RETRY_S = 4;
export const UPLOAD_STATUS_BOX = {
  collapsedPx: 136,
  maxWindowRatio: 0.75,
  rowPx: 48,
  chromePx: 126,
  marginPx: 8,
  listWindowItems: 25,
} as const;
export const RESTORE_BATCH = 200;
export const RESTORE_PARALLEL = 5;

// Polling
export const JOB_CHANGE_POLL_MS = 2500;
export const POLL_RETRY_MS = 1000;
export const POLL_EMPTY_RETRY_MS = 400;
export const VIDEO_CHECK_INTERVAL_MS = 1000;
/** A video check without an answer for this long shows the video as processing. */
export const VIDEO_PROCESSING_AFTER_MS = 2000;

// Text and comments
export const TEXT_MAX = 255;
export const COMMENT_INPUT_MAX_HEIGHT_PX = 216;
export const MOBILE_COMMENT_TRUNCATE = { lines: 4, lineHeightPx: 16 } as const;

// Thumbnails and grids
export const THUMBNAIL_SIZES = [256, 1280] as const;
/** A thumbnail size: the `area` of the SPEC §7 thumbnail route, so a literal is type-checked. */
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];
export const TIMELINE_CELLS = {
  desktop: { rowHeight: 180, spacing: 2, header: 30, headerGap: 12, groupGap: 44, tile: 228 },
  mobile: { rowHeight: 176, spacing: 2, header: 30, headerGap: 8, groupGap: 24, tile: 176 },
  rowCap: 8,
} as const;
export const ALBUM_GRID = {
  desktopTile: { width: 296, height: 320 },
  desktopMaxWidth: 1500,
  mobileTileHeight: 190,
  thumbnailGridMin: 160,
} as const;
/** The album cover picker's tiles (SPEC §9 "Cover picker tiles"; domain/coverPicker.ts). */
export const COVER_PICKER_TILES = {
  desktop: { width: 229, height: 114 },
  mobile: { width: 137, height: 68 },
} as const;
export const SHARE_THUMBNAILS_PX = {
  single: 296,
  pair: 128,
  manyMobile: 88,
  manyDesktop: 128,
  maxPerRow: 5,
  collageMaxFiles: 4,
} as const;
export const PROFILE_CROP_PX = 310;

// Photo editor (SPEC §5: "images above a maximum megapixel size are resized with a warning")
/**
 * 4096 × 4096 = 16,777,216 pixels: the largest canvas iOS Safari draws (its limit is by area),
 * the smallest of the browsers we support, so an edit renders the same everywhere; a 12 MP
 * phone photo fits, a 48 MP one is scaled down to it (features/editor).
 */
export const EDITOR_MAX_PIXELS = 4096 * 4096;
export const CAST_AUTOPLAY_NEXT_ITEMS = 4;

// Storage
/** Warnings appear when usage is strictly above these ratios. */
export const STORAGE_WARNING_RATIOS = [0.8, 0.95] as const;
export const STORAGE_METER_MIN_FILL = 0.05;
export const DEFAULT_STORAGE_BYTES = 15 * GIB;
/** Free storage quoted in share text. */
export const FREE_STORAGE_GB_IN_SHARE_TEXT = 2;
/** B2B grants of this size or more are listed on their own. */
export const B2B_SEPARATE_GRANT_GB = 1000;

// Account, privacy and subscriptions
export const ACCOUNT_DELETION_MAX_DAYS = 30;
export const DATA_REQUEST_REPEAT_BLOCK_HOURS = 24;
export const LEGACY_PHONE_DIGITS = { min: 8, max: 14 } as const;
export const ENGAGED_ANALYTICS_COOLDOWN_S = 3600;
/** The free trial's promotional text names this many months (SPEC §9 "Free trial"). */
export const FREE_TRIAL_PROMO_MONTHS = 2;
/** The paid-service transition notice gives this many months before deletion (SPEC §9). */
export const SUNSET_NOTICE_MONTHS = 6;

// Recents (SPEC §9: "windows 1, 7, 30 days; load uses uploaded_since 30")
export const RECENTS_WINDOWS_DAYS = [1, 7, 30] as const;
export const RECENTS_UPLOADED_SINCE_DAYS = 30;

// Timeline sections cover whole months
export const MONTH_FIRST_DAY = 1;
export const MONTH_LAST_DAY = 31;

/** SPEC §8: error reports are sampled. */
export const ERROR_REPORT_SAMPLE_RATE = 0.5;

// Awaiting a feature: SPEC §9 values of features not built yet. Nothing reads them today; the
// engineer who builds the feature reads them here (and moves them up to their area's group).
/**
 * SPEC §9 "Job change poll … store poll every 30000 ms". Unread: the SPEC names no store and no
 * call this poll makes (its §7 has no polled call besides the job change long poll, which has
 * its own timings above), so there is nothing to poll every 30 s without inventing a behaviour.
 */
export const STORE_POLL_MS = 30000;

// Not kept: SPEC §9 "scroll handler after 30 px". Nothing here waits for a scroll distance (the
// grid follows every scroll frame); add the constant with the first behaviour that does.
