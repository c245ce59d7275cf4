import type { FastifyReply } from 'fastify';

/**
 * Sent by both listeners on every answer (issues 23 and 33): no Referer leaves the app (its URLs
 * can carry album ids, share ids and, for a moment, an auth_token from a link); no answer is
 * sniffed into a type other than the one it declares; the powerful browser features the app
 * does not use are off (the photo editor may use the camera, on the web listener only); the
 * app's window shares its browsing context group with no other site (COOP); and another site
 * cannot embed an answer unless it is meant to be (CORP, per listener below).
 */
export function setSecurityHeaders(reply: FastifyReply, listener: 'api' | 'web'): void {
  reply
    .header('Referrer-Policy', 'no-referrer')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Permissions-Policy', listener === 'web' ? WEB_PERMISSIONS : API_PERMISSIONS)
    .header('Cross-Origin-Opener-Policy', 'same-origin')
    .header('Cross-Origin-Resource-Policy', resourcePolicy(reply, listener));
}

const NONE = ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()'];
/** features/editor/camera.ts takes a photo with the webcam. */
const WEB_PERMISSIONS = ['camera=(self)', ...NONE].join(', ');
const API_PERMISSIONS = ['camera=()', ...NONE].join(', ');

/**
 * The web listener's answers are its own page's only. The API's are same-site, except what the
 * web app embeds from it and may be served on another site: pictures, videos (thumbnails, file
 * content, profile pictures) and the payment script. Embedding those elsewhere gains nothing:
 * the API sets no cookies, so an embed carries no credentials (tokens are in the caller's URL or
 * Authorization header, which another site does not have).
 */
function resourcePolicy(reply: FastifyReply, listener: 'api' | 'web'): string {
  if (listener === 'web') return 'same-origin';
  // A 304 has no body and no Content-Type, but the browser takes its headers into the copy it
  // revalidated: a thumbnail's 304 saying same-site blocked the viewer's <img> of a picture the
  // grid had fetched before (ERR_BLOCKED_BY_RESPONSE.NotSameSite, the carousel bench). JSON is
  // never stored (no-store), so only media and scripts are ever revalidated.
  if (reply.statusCode === 304) return 'cross-origin';
  const type = String(reply.getHeader('content-type') ?? '');
  return /^(image|video|audio)\/|javascript/.test(type) ? 'cross-origin' : 'same-site';
}
