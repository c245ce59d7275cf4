/**
 * SPEC §1: "two brand variants, a Norwegian one and an international one, chosen by whether the
 * host name ends in .no". Brand names are product names and are not translated.
 */
export type BrandId = 'no' | 'international';

export interface Brand {
  readonly id: BrandId;
  readonly name: string;
}

export const NORWEGIAN_BRAND: Brand = Object.freeze({ id: 'no', name: 'Min Sky' });
export const INTERNATIONAL_BRAND: Brand = Object.freeze({ id: 'international', name: 'Capture' });

/** Accepts location.hostname or location.host (with a port), in any case, with a trailing dot. */
export function brandForHost(hostname: string): Brand {
  const host = hostname.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.+$/, '');
  return host.endsWith('.no') ? NORWEGIAN_BRAND : INTERNATIONAL_BRAND;
}
