import { brandForHost } from '../domain/brand';

export type Brand = ReturnType<typeof brandForHost>;

const brand: Brand = brandForHost(
  typeof location === 'undefined' ? 'localhost' : location.hostname,
);

/** SPEC §1: the brand variant is fixed by the host name for the page's lifetime. */
export function useBrand(): Brand {
  return brand;
}
