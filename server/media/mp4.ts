import fs from 'node:fs';

/**
 * Reads duration, frame size and creation time from an ISO-BMFF file (mp4, mov, m4v, 3gp) by
 * walking boxes: moov/mvhd for time, the first trak/tkhd with a frame size for width/height
 * (swapped when its matrix turns the picture a quarter). Enough to place a video on the
 * timeline and draw a poster of the right shape without ffmpeg. Other containers give nothing.
 */
export interface VideoInfo {
  duration: number;
  width: number;
  height: number;
  /** Unix seconds, or null when the file does not say. */
  captureTime: number | null;
}

const MAX_MOOV = 64 * 1024 * 1024;
const MAX_BOXES = 10_000;
// Seconds between 1904-01-01 (the QuickTime epoch) and 1970-01-01.
const EPOCH_1904 = 2_082_844_800;
/**
 * Creation times outside 1970-01-01 … 2100-01-01 (unix seconds) are not believed: a crafted or
 * broken 64-bit value gave a month in year 71,654 or a 500 (issue 23); such a video is placed by
 * its mtime like one that states no time at all.
 */
const LATEST_CREATION = Date.UTC(2100, 0, 1) / 1000;

interface Box {
  type: string;
  start: number;
  size: number;
  header: number;
}

function* boxes(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  let n = 0;
  while (at + 8 <= to && n++ < MAX_BOXES) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      size = Number(buf.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) return;
    yield { type, start: at, size, header };
    at += size;
  }
}

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxes(buf, parent.start + parent.header, parent.start + parent.size)) {
    if (box.type === type) return box;
  }
  return undefined;
}

/** Finds the top-level moov box by reading headers only, and returns its bytes. */
async function readMoov(file: string): Promise<Buffer | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const head = Buffer.alloc(16);
    let at = 0;
    for (let n = 0; n < MAX_BOXES && at + 8 <= total; n++) {
      const { bytesRead } = await handle.read(head, 0, 16, at);
      if (bytesRead < 8) return null;
      let size = head.readUInt32BE(0);
      if (size === 1 && bytesRead >= 16) size = Number(head.readBigUInt64BE(8));
      else if (size === 0) size = total - at;
      if (size < 8) return null;
      if (head.toString('latin1', 4, 8) === 'moov') {
        if (size > MAX_MOOV || at + size > total) return null;
        const moov = Buffer.alloc(size);
        await handle.read(moov, 0, size, at);
        return moov;
      }
      at += size;
    }
    return null;
  } finally {
    await handle.close();
  }
}

function readMvhd(buf: Buffer, box: Box): { duration: number; created: number } | null {
  const at = box.start + box.header;
  const version = buf[at];
  const need = version === 1 ? 32 : 20;
  if (at + need > box.start + box.size) return null;
  const [created, timescale, duration] =
    version === 1
      ? [
          Number(buf.readBigUInt64BE(at + 4)),
          buf.readUInt32BE(at + 20),
          Number(buf.readBigUInt64BE(at + 24)),
        ]
      : [buf.readUInt32BE(at + 4), buf.readUInt32BE(at + 12), buf.readUInt32BE(at + 16)];
  if (timescale === 0) return null;
  return { duration: duration / timescale, created };
}

function readTkhd(buf: Buffer, box: Box): { width: number; height: number } | null {
  const at = box.start + box.header;
  const version = buf[at];
  const matrixAt = at + (version === 1 ? 52 : 40);
  if (matrixAt + 44 > box.start + box.size) return null;
  const width = Math.round(buf.readUInt32BE(matrixAt + 36) / 65536);
  const height = Math.round(buf.readUInt32BE(matrixAt + 40) / 65536);
  if (width === 0 || height === 0) return null;
  // Matrix [a b u; c d v; x y w]: a = 0 with b ≠ 0 is a 90° or 270° turn.
  const a = buf.readInt32BE(matrixAt);
  const b = buf.readInt32BE(matrixAt + 4);
  return a === 0 && b !== 0 ? { width: height, height: width } : { width, height };
}

export async function readVideoInfo(file: string): Promise<VideoInfo | null> {
  let moov: Buffer | null;
  try {
    moov = await readMoov(file);
  } catch {
    return null;
  }
  if (!moov) return null;
  const root: Box = { type: 'moov', start: 0, size: moov.length, header: 8 };
  const mvhdBox = child(moov, root, 'mvhd');
  const mvhd = mvhdBox ? readMvhd(moov, mvhdBox) : null;
  let size: { width: number; height: number } | null = null;
  for (const box of boxes(moov, 8, moov.length)) {
    if (box.type !== 'trak') continue;
    const tkhd = child(moov, box, 'tkhd');
    size = tkhd ? readTkhd(moov, tkhd) : null;
    if (size) break;
  }
  const unix = mvhd ? mvhd.created - EPOCH_1904 : 0;
  const created = unix > 0 && unix < LATEST_CREATION ? unix : null;
  return {
    duration: mvhd ? Math.round(mvhd.duration * 100) / 100 : 0,
    width: size?.width ?? 0,
    height: size?.height ?? 0,
    captureTime: created,
  };
}
