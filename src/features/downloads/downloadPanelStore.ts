import { createStore } from 'zustand/vanilla';
import type { DownloadPage, DownloadPreset } from '../../domain/downloads';

/** SPEC §4 "modal downloader off/minimized/max". */
export type DownloadPanelMode = 'off' | 'minimized' | 'max';

export type DownloadSource = 'job' | 'trash';

/** One selection offered as pages in the panel. */
export interface DownloadSession {
  id: number;
  jobId: string;
  source: DownloadSource;
  preset: DownloadPreset;
  /** The name the pages are numbered from (product name, year, album name…). */
  zipName: string;
  pages: DownloadPage[];
  /** Split because the selection is over the download limit (not just for the HEIC choice). */
  split: boolean;
  /** SPEC §9 download preset "optional heic to jpeg": the user's choice for this selection. */
  heicToJpeg: boolean;
}

interface DownloadPanelState {
  mode: DownloadPanelMode;
  session: DownloadSession | null;
  /** Pages whose check call is running: their buttons ignore clicks meanwhile. */
  starting: ReadonlySet<number>;
  open: (session: Omit<DownloadSession, 'id' | 'heicToJpeg'>) => void;
  setMode: (mode: Exclude<DownloadPanelMode, 'off'>) => void;
  close: () => void;
  setHeicToJpeg: (on: boolean) => void;
  setStarting: (sessionId: number, index: number, starting: boolean) => void;
  setClicked: (sessionId: number, index: number, clicked: boolean) => void;
}

let nextId = 1;

/**
 * The download panel's state: the pages of the current selection and which were clicked. A new
 * selection replaces the previous one (the panel offers one selection at a time).
 */
export const downloadPanelStore = createStore<DownloadPanelState>()((set, get) => ({
  mode: 'off',
  session: null,
  starting: new Set(),
  open: (session) =>
    set({
      mode: 'max',
      session: { ...session, id: nextId++, heicToJpeg: false },
      starting: new Set(),
    }),
  setMode: (mode) => {
    if (get().session) set({ mode });
  },
  close: () => set({ mode: 'off', session: null, starting: new Set() }),
  setHeicToJpeg: (on) => {
    const { session } = get();
    if (session) set({ session: { ...session, heicToJpeg: on } });
  },
  setStarting: (sessionId, index, starting) => {
    if (get().session?.id !== sessionId) return;
    const next = new Set(get().starting);
    if (starting) next.add(index);
    else next.delete(index);
    set({ starting: next });
  },
  setClicked: (sessionId, index, clicked) => {
    const { session } = get();
    if (!session || session.id !== sessionId || !session.pages[index]) return;
    const pages = session.pages.map((page, i) => (i === index ? { ...page, clicked } : page));
    set({ session: { ...session, pages } });
  },
}));
