import type { FastifyReply } from 'fastify';

/**
 * Sent by both listeners on every answer (issue 23): no Referer leaves the app (its URLs can
 * carry album ids, share ids and, for a moment, an auth_token from a link), and no answer is
 * sniffed into a type other than the one it declares.
 */
export function setSecurityHeaders(reply: FastifyReply): void {
  reply.header('Referrer-Policy', 'no-referrer').header('X-Content-Type-Options', 'nosniff');
}
