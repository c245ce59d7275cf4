import type { ReactNode } from 'react';
import type { ThumbnailSize } from '../../domain/constants';

/** One file as the viewer shows it. */
export interface CarouselFile {
  id: string;
  kind: 'picture' | 'video' | 'screenshot';
  /** Display width / height; 0 when unknown. */
  aspect: number;
  /** Capture time, unix seconds (ctime, else mtime). */
  time: number;
  /** Seconds; 0 for pictures. */
  duration: number;
  /** Bytes, when the list knows them. */
  size?: number;
  /** The file's path (its name is the last segment), when the list knows it. */
  path?: string;
}

/** Where a file sits in its list: "3 of 1,204" (index is 0-based). */
export interface CarouselPosition {
  index: number;
  total: number;
}

/**
 * What a page hands the viewer: an ordered list of files it can walk (loading more when the
 * user steps past what is loaded), the URLs of each file, where Close goes, and what the page's
 * grid can do for the opening and closing animation. The timeline builds one over its engine;
 * albums, shares and the trash build theirs (`sectionedSource` over a `SectionAccess` does the
 * walking for any list made of sections).
 */
export interface CarouselSource {
  /** The job the files belong to (content and metadata calls). */
  readonly jobId: string;
  /** The page Close (and deleting the last file) returns to. */
  readonly returnTo: string;
  /** The route of a file in this viewer; stepping replaces the history entry with it. */
  routeFor(fileId: string): string;
  /** The file and its place, loading what it must (deep links); null when not in the list. */
  locate(fileId: string, signal: AbortSignal): Promise<CarouselLocated | null>;
  /**
   * The file and its place when they are known without waiting (already loaded), else null:
   * the viewer then shows the file in its very first frame.
   */
  peek?(fileId: string): CarouselLocated | null;
  /** The file `delta` steps away from `fileId` (±1, ±2), loading as needed; null past an end. */
  neighbour(fileId: string, delta: number, signal: AbortSignal): Promise<CarouselFile | null>;
  /** A thumbnail of the file (SPEC §9 sizes 256 and 1280). */
  thumbnailUrl(fileId: string, size: ThumbnailSize): string;
  /** The original (photos) or the video stream; `download` asks for an attachment. */
  contentUrl(fileId: string, options?: { download?: boolean }): string;
  /** The file's tile on screen, in viewport CSS pixels, for the open/close animation. */
  originRect?(fileId: string): DOMRect | null;
  /** Scrolls the page's grid so the file is in view (on close). */
  reveal?(fileId: string): void;
  /** Takes deleted files out of the list (the viewer then moves on). */
  removeFiles?(ids: readonly string[]): void;
  /** What the viewer may offer here (SPEC §6). */
  readonly capabilities: CarouselCapabilities;
}

export interface CarouselLocated {
  file: CarouselFile;
  position: CarouselPosition;
}

export interface CarouselCapabilities {
  /**
   * Deletes with the page's confirmation wording and undo (SPEC §8: timeline versus album
   * wording); resolves with the ids actually deleted. Absent: no delete button.
   */
  deleteFiles?: (ids: readonly string[]) => Promise<readonly string[]>;
  /** SPEC §6 cover photo (album context): absent outside albums. */
  setCover?: {
    /** Whether the action shows for the file at all (currentUserCan.setFileAsAlbumCoverPhoto). */
    offered?: (fileId: string) => boolean;
    /** Offered, and not already the cover (SPEC §6: disabled then). */
    allowed: (fileId: string) => boolean;
    run: (fileId: string) => Promise<void>;
  };
  /** Who added a file (albums); absent on the timeline. */
  uploaderName?: (fileId: string) => string | undefined;
  /** Downloads of the original (direct) and HEIC export are offered. */
  download?: boolean;
  /**
   * HEIC → JPEG export (an archive of the signed-in user's): true unless said otherwise where
   * `download` is; a share's visitor downloads the original only.
   */
  exportJpeg?: boolean;
}

/** What a slot (an action or a side-panel part another feature adds) is given. */
export interface CarouselSlotContext {
  source: CarouselSource;
  file: CarouselFile;
  /**
   * Shows another file of `source` in the viewer, as the slideshow steps (the slideshow keeps
   * running): cast follows the TV when its autoplay went ahead.
   */
  show: (fileId: string) => void;
}

/**
 * Where a toolbar action sits (issue 34.5: the bar is one row at 360 px, and no button moves
 * when the next file is of another type): `bar` always in the bar; `wide` in the bar from the
 * tablet breakpoint up and in the More menu on phones; `menu` always in the More menu (what
 * only some files or pages offer goes there, so the bar stays the same from file to file).
 */
export type CarouselActionPlacement = 'bar' | 'wide' | 'menu';

/** A button in the viewer's toolbar, added by another feature (album, share, edit, cast). */
export interface CarouselActionSlot {
  id: 'addToAlbum' | 'share' | 'edit' | 'cast' | (string & {});
  /** Sort key within the toolbar (lower first). */
  order: number;
  /** Where it sits (default `menu`). */
  placement?: CarouselActionPlacement;
  render: (context: CarouselSlotContext) => ReactNode;
}

/** A part of the side module (comments). */
export interface CarouselPanelSlot {
  id: 'comments' | (string & {});
  order: number;
  render: (context: CarouselSlotContext) => ReactNode;
}
