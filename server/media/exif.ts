/**
 * A tiny EXIF reader for the six SPEC §3 metadata fields plus the capture time, over the buffer
 * sharp's metadata().exif returns ("Exif\0\0" + TIFF). Written here rather than adding a
 * dependency: it needs ~100 lines, package.json is shared with other work, and every read is
 * bounds-checked so a hostile file can only yield missing fields, never a throw or a long loop.
 */
export interface ExifFields {
  Make?: string;
  Model?: string;
  ISOSpeedRatings?: number;
  /** The f-number (FNumber, or the APEX ApertureValue converted), e.g. 1.8. */
  ApertureValue?: number;
  /** Seconds, e.g. 0.008 for 1/125. */
  ExposureTime?: number;
  /** Millimetres. */
  FocalLength?: number;
}

export interface ExifData {
  fields: ExifFields;
  /** DateTimeOriginal read as UTC wall-clock time (see readExif), unix seconds. */
  captureTime: number | null;
}

const TAG = {
  make: 0x010f,
  model: 0x0110,
  exifIfd: 0x8769,
  exposureTime: 0x829a,
  fNumber: 0x829d,
  iso: 0x8827,
  dateTimeOriginal: 0x9003,
  apertureValue: 0x9202,
  focalLength: 0x920a,
} as const;
const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };
const MAX_ENTRIES = 512;

type Entry = { type: number; count: number; at: number };

class Tiff {
  constructor(
    private readonly buf: Buffer,
    private readonly little: boolean,
  ) {}

  ok(at: number, size: number): boolean {
    return at >= 0 && size >= 0 && at + size <= this.buf.length;
  }
  u16(at: number): number {
    return this.little ? this.buf.readUInt16LE(at) : this.buf.readUInt16BE(at);
  }
  u32(at: number): number {
    return this.little ? this.buf.readUInt32LE(at) : this.buf.readUInt32BE(at);
  }

  /** The entries of the IFD at `offset`, keyed by tag; value offsets resolved. */
  ifd(offset: number): Map<number, Entry> {
    const entries = new Map<number, Entry>();
    if (!this.ok(offset, 2)) return entries;
    const count = Math.min(this.u16(offset), MAX_ENTRIES);
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12;
      if (!this.ok(at, 12)) break;
      const type = this.u16(at + 2);
      const n = this.u32(at + 4);
      const size = (TYPE_SIZES[type] ?? 0) * n;
      if (size === 0) continue;
      entries.set(this.u16(at), { type, count: n, at: size <= 4 ? at + 8 : this.u32(at + 8) });
    }
    return entries;
  }

  ascii(entry: Entry | undefined): string | undefined {
    if (!entry || entry.type !== 2 || !this.ok(entry.at, Math.min(entry.count, 256))) return;
    const raw = this.buf
      .subarray(entry.at, entry.at + Math.min(entry.count, 256))
      .toString('latin1');
    const text = raw.replace(/\0.*$/s, '').trim();
    return text === '' ? undefined : text;
  }

  number(entry: Entry | undefined): number | undefined {
    if (!entry) return;
    const { type, at } = entry;
    if (type === 3 && this.ok(at, 2)) return this.u16(at);
    if (type === 4 && this.ok(at, 4)) return this.u32(at);
    if ((type === 5 || type === 10) && this.ok(at, 8)) {
      const signed = type === 10;
      const num = signed ? this.u32(at) | 0 : this.u32(at);
      const den = signed ? this.u32(at + 4) | 0 : this.u32(at + 4);
      return den === 0 ? undefined : num / den;
    }
    return undefined;
  }
}

const round = (n: number, digits: number): number => Number(n.toFixed(digits));

/** "2021:07:04 18:30:05" → unix seconds, or null when absent or malformed. */
function exifDate(text: string | undefined): number | null {
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(text ?? '');
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  if (year < 1800 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (hour > 23 || minute > 59 || second > 60) return null;
  return Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
}

/**
 * Reads the fields from an EXIF block. DateTimeOriginal has no zone; it is kept as UTC wall-clock
 * time, like the timeline's UTC days, so a photo lands on the calendar day it was taken on.
 */
export function readExif(exif: Buffer | undefined): ExifData {
  const empty: ExifData = { fields: {}, captureTime: null };
  if (!exif || exif.length < 14) return empty;
  const start = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0;
  const buf = exif.subarray(start);
  const order = buf.subarray(0, 2).toString('latin1');
  if (order !== 'II' && order !== 'MM') return empty;
  const tiff = new Tiff(buf, order === 'II');
  if (tiff.u16(2) !== 42) return empty;
  const ifd0 = tiff.ifd(tiff.u32(4));
  const pointer = tiff.number(ifd0.get(TAG.exifIfd));
  const sub = pointer === undefined ? new Map<number, Entry>() : tiff.ifd(pointer);

  const fields: ExifFields = {};
  const make = tiff.ascii(ifd0.get(TAG.make));
  const model = tiff.ascii(ifd0.get(TAG.model));
  if (make) fields.Make = make;
  if (model) fields.Model = model;
  const iso = tiff.number(sub.get(TAG.iso));
  if (iso !== undefined && iso > 0) fields.ISOSpeedRatings = iso;
  const fNumber = tiff.number(sub.get(TAG.fNumber));
  const apex = tiff.number(sub.get(TAG.apertureValue));
  const aperture = fNumber ?? (apex === undefined ? undefined : Math.SQRT2 ** apex);
  if (aperture !== undefined && aperture > 0 && aperture < 1000) {
    fields.ApertureValue = round(aperture, 1);
  }
  const exposure = tiff.number(sub.get(TAG.exposureTime));
  if (exposure !== undefined && exposure > 0) fields.ExposureTime = round(exposure, 6);
  const focal = tiff.number(sub.get(TAG.focalLength));
  if (focal !== undefined && focal > 0) fields.FocalLength = round(focal, 2);
  return { fields, captureTime: exifDate(tiff.ascii(sub.get(TAG.dateTimeOriginal))) };
}
