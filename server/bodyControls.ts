// Test-only controls on request bodies (registered with the other test controls): a connection
// cut after so many bytes of upload (issue 32: "the test server drops it at about 60%"), and
// meters counting the body bytes that reach the server (the bytes an upload sent twice).
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest, notFound } from './errors';

/**
 * Sees each chunk of a request's body before any reader does (the HTTP parser pushes every chunk
 * into the request stream). Returns how many of the chunk's bytes go on; fewer than all ends the
 * body there and destroys the connection, as a dropped network would.
 */
export type BodyTap = (chunk: Buffer) => number;

export function tapBody(raw: IncomingMessage, tap: BodyTap): void {
  const push = raw.push.bind(raw) as (chunk: unknown, encoding?: BufferEncoding) => boolean;
  let cut = false;
  raw.push = (chunk: unknown, encoding?: BufferEncoding) => {
    if (cut) return false;
    if (!Buffer.isBuffer(chunk)) return push(chunk, encoding);
    const keep = Math.max(0, tap(chunk));
    if (keep >= chunk.length) return push(chunk, encoding);
    cut = true;
    if (keep > 0) push(chunk.subarray(0, keep));
    // After the parser's turn: the socket is not destroyed from inside its own callback.
    setImmediate(() => raw.socket.destroy());
    return false;
  };
}

const MeterSchema = z.object({
  /** Only this HTTP method (default: any). */
  method: z
    .string()
    .min(1)
    .max(10)
    .transform((m) => m.toUpperCase())
    .optional(),
  /** A RegExp source tested against the URL path (no query string). */
  path: z.string().min(1).max(500),
});

interface Meter {
  method?: string;
  pattern: RegExp;
  requests: number;
  bytes: number;
}

/** A test rule's `path` as a regular expression; a 400 when it is not one. */
export function rulePattern(path: string): RegExp {
  try {
    return new RegExp(path);
  } catch {
    throw badRequest('path: not a valid regular expression');
  }
}

/** Counts the body bytes of matching requests as they arrive (before any handler reads them). */
export class BodyMeters {
  private readonly meters = new Map<number, Meter>();
  private nextId = 1;

  add(input: unknown): number {
    const rule = MeterSchema.parse(input);
    const pattern = rulePattern(rule.path);
    const id = this.nextId++;
    this.meters.set(id, { method: rule.method, pattern, requests: 0, bytes: 0 });
    return id;
  }

  read(id: number): { requests: number; bytes: number } | null {
    const meter = this.meters.get(id);
    return meter ? { requests: meter.requests, bytes: meter.bytes } : null;
  }

  clear(): void {
    this.meters.clear();
  }

  /** Starts counting this request's body on every meter it matches. */
  watch(method: string, urlPath: string, raw: IncomingMessage): void {
    for (const meter of this.meters.values()) {
      if (meter.method && meter.method !== method) continue;
      if (!meter.pattern.test(urlPath)) continue;
      meter.requests++;
      tapBody(raw, (chunk) => {
        meter.bytes += chunk.length;
        return chunk.length;
      });
    }
  }
}

/** POST /__test/meters {method?, path} → {id}; GET /__test/meters/:id; DELETE /__test/meters. */
export function registerMeterRoutes(app: FastifyInstance, meters: BodyMeters, prefix: string) {
  app.post(`${prefix}meters`, (request) => ({ id: meters.add(request.body) }));
  app.get(`${prefix}meters/:id`, (request) => {
    const reading = meters.read(Number((request.params as { id: string }).id));
    if (!reading) throw notFound();
    return reading;
  });
  app.delete(`${prefix}meters`, (_request, reply) => {
    meters.clear();
    return reply.code(204).send();
  });
}
