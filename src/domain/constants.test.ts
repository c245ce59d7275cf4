import { describe, expect, it } from 'vitest';
import {
  ALBUM_COPY_FAILURE_TOAST_MS,
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
});
