import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fileName } from '../../src/domain/classify';
import { THUMBNAIL_SIZES } from '../../src/domain/constants';

/** Where ffmpeg is on PATH, looked up once (null when absent: posters are then generated). */
let ffmpegLookup: Promise<string | null> | null = null;

export function findFfmpeg(envPath = process.env.PATH ?? ''): Promise<string | null> {
  ffmpegLookup ??= (async () => {
    for (const dir of envPath.split(path.delimiter).filter(Boolean)) {
      const candidate = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
      try {
        await fs.promises.access(candidate, fs.constants.X_OK);
        return candidate;
      } catch {
        // Not in this directory.
      }
    }
    return null;
  })();
  return ffmpegLookup;
}

/** Tests swap PATH; the next lookup reads it again. */
export function forgetFfmpeg(): void {
  ffmpegLookup = null;
}

function run(binary: string, args: string[]): Promise<Buffer | null> {
  return new Promise((resolve) => {
    execFile(
      binary,
      args,
      { encoding: 'buffer', timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout) => resolve(error || stdout.length === 0 ? null : stdout),
    );
  });
}

/** A frame of the video as JPEG (longest side ≤ 1280), or null when ffmpeg cannot read it. */
export async function ffmpegPoster(ffmpeg: string, video: string): Promise<Buffer | null> {
  const args = (seek: string[]) => [
    '-hide_banner',
    '-loglevel',
    'error',
    ...seek,
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    "scale='min(1280,iw)':'min(1280,ih)':force_original_aspect_ratio=decrease",
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ];
  // A second in avoids black fade-ins; clips shorter than that get their first frame.
  return (await run(ffmpeg, args(['-ss', '1']))) ?? (await run(ffmpeg, args([])));
}

const escapeXml = (text: string): string =>
  text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const mm = String(Math.floor(s / 60) % 60).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mm}:${ss}` : `${Math.floor(s / 60)}:${ss}`;
}

/**
 * The poster when ffmpeg is not available: the video's shape (16:9 when unknown), a play mark,
 * its name and duration. Deterministic, so a re-render gives the same picture.
 */
export async function generatedPoster(
  videoPath: string,
  size: { width: number; height: number; duration: number },
): Promise<Buffer> {
  const aspect = size.width > 0 && size.height > 0 ? size.width / size.height : 16 / 9;
  const long = THUMBNAIL_SIZES[1];
  const w = aspect >= 1 ? long : Math.max(64, Math.round(long * aspect));
  const h = aspect >= 1 ? Math.max(64, Math.round(long / aspect)) : long;
  const r = Math.min(w, h) * 0.12;
  const font = Math.max(12, Math.round(Math.min(w, h) * 0.05));
  const name = escapeXml(fileName(videoPath).slice(0, 80));
  const label = size.duration > 0 ? `${name} · ${clock(size.duration)}` : name;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="#2b3440"/><stop offset="1" stop-color="#10151b"/>` +
    `</linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${w / 2}" cy="${h / 2}" r="${r}" fill="#ffffff33"/>` +
    `<polygon points="${w / 2 - r * 0.35},${h / 2 - r * 0.5} ${w / 2 - r * 0.35},${h / 2 + r * 0.5} ` +
    `${w / 2 + r * 0.55},${h / 2}" fill="#ffffffdd"/>` +
    `<text x="50%" y="${h / 2 + r + font * 1.6}" font-family="sans-serif" font-size="${font}" ` +
    `fill="#ffffffcc" text-anchor="middle">${label}</text></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
