/** SPEC §9: "Size units | Bytes, KB, MB, GB, base 1024; plan sizes in GB converted by 2^30". */

export type SizeUnit = 'Bytes' | 'KB' | 'MB' | 'GB';

export interface SplitSize {
  amount: number;
  unit: SizeUnit;
}

const UNITS: readonly SizeUnit[] = ['Bytes', 'KB', 'MB', 'GB'];
const STEP = 1024;

/** The SPEC unit names; the UI may pass translated labels instead. */
const DEFAULT_UNIT_LABELS: Readonly<Record<SizeUnit, string>> = {
  Bytes: 'Bytes',
  KB: 'KB',
  MB: 'MB',
  GB: 'GB',
};

function fractionDigits(unit: SizeUnit): number {
  return unit === 'Bytes' ? 0 : 1;
}

function roundForDisplay(amount: number, unit: SizeUnit): number {
  const scale = 10 ** fractionDigits(unit);
  return Math.round(amount * scale) / scale;
}

/**
 * Picks the largest unit that keeps the amount below 1024 (GB is the last unit, so 2048 GB stays
 * "2048 GB"). The unit is chosen on the amount as displayed, so 1,048,575 bytes is "1 MB" and
 * never "1024 KB". Negative sizes (over quota) keep their sign and use the unit of their magnitude.
 */
export function splitSize(bytes: number): SplitSize {
  if (!Number.isFinite(bytes)) return { amount: 0, unit: 'Bytes' };
  const magnitude = Math.abs(bytes);
  let index = 0;
  let amount = magnitude;
  while (index < UNITS.length - 1 && roundForDisplay(amount, UNITS[index]) >= STEP) {
    amount /= STEP;
    index += 1;
  }
  return { amount: bytes < 0 ? -amount : amount, unit: UNITS[index] };
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  // Locale keys use an underscore (nb_NO); Intl wants BCP 47 (nb-NO).
  const tag = locale.replace(/_/g, '-');
  const key = `${tag}|${digits}`;
  let format = formatters.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(tag, { maximumFractionDigits: digits });
    formatters.set(key, format);
  }
  return format;
}

/** "1.5 MB" in en_US, "1,5 MB" in nb_NO; at most one decimal, none for bytes. */
export function formatSize(
  bytes: number,
  locale: string,
  unitLabels: Readonly<Record<SizeUnit, string>> = DEFAULT_UNIT_LABELS,
): string {
  const { amount, unit } = splitSize(bytes);
  return `${numberFormat(locale, fractionDigits(unit)).format(amount)} ${unitLabels[unit]}`;
}

/** Plan and grant sizes arrive in GB and mean 2^30 bytes each. */
export function gbToBytes(gb: number): number {
  return gb * 2 ** 30;
}
