import { brandForHost } from '../domain/brand';

export type Brand = ReturnType<typeof brandForHost>;

const brand: Brand = brandForHost(
  typeof location === 'undefined' ? 'localhost' : location.hostname,
);

/** SPEC §1: the brand variant is fixed by the host name for the page's lifetime. */
export function useBrand(): Brand {
  return brand;
}

/**
 * The web app manifest of the host's brand (issue 19: installable on tablets and TVs under the
 * brand's name). index.html links the international one; a .no host switches to its own.
 */
export function applyBrandManifest(doc: Document): void {
  if (brand.id !== 'no') return;
  doc.querySelector('link[rel="manifest"]')?.setAttribute('href', '/manifest-no.webmanifest');
}
