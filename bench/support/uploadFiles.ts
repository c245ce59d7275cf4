// Files for the upload bench: small real JPEGs (unique content each, so dedup never skips one)
// and a sparse file of any size, made without holding it in memory.
import { closeSync, ftruncateSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

export async function writeSmallJpegs(
  dir: string,
  prefix: string,
  count: number,
): Promise<string[]> {
  const files: string[] = [];
  for (let i = 0; i < count; i++) {
    const file = path.join(dir, `${prefix}-${String(i).padStart(4, '0')}.jpg`);
    const jpeg = await sharp({
      create: {
        width: 96,
        height: 64,
        channels: 3,
        background: { r: (i * 37) % 256, g: (i * 91) % 256, b: (i * 13) % 256 },
      },
    })
      .jpeg({ quality: 85 })
      .withExif({ IFD0: { ImageDescription: `${prefix}-${i}` } })
      .toBuffer();
    writeFileSync(file, jpeg);
    files.push(file);
  }
  return files;
}

/** A file of `bytes` bytes that takes no disk space (zeros, sparse) and no memory to make. */
export function writeSparseFile(file: string, bytes: number, marker: string): string {
  const fd = openSync(file, 'w');
  try {
    // A unique head so the server cannot find the content already stored from an earlier run.
    writeFileSync(fd, marker);
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return file;
}
