// The public entry of features/downloads: the shell mounts the DownloadPanel overlay; pages start
// downloads with the functions of downloadFiles.ts.
export {
  downloadAlbum,
  downloadFiles,
  downloadPage,
  downloadWithinLimit,
  downloadWithPreset,
  downloadYear,
  exportAsJpeg,
} from './downloadFiles';
export { DownloadPanel } from './DownloadPanel';
