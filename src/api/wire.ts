import type { z } from 'zod';
import type { ApiError } from './errors';

/** Plain objects and arrays travel as JSON, strings as text/plain, the rest as fetch sends them. */
export type RequestBody = object | readonly unknown[] | FormData | URLSearchParams | Blob | string;

/** Encodes a request body; sets Content-Type on `headers` unless the caller chose one. */
export function encodeBody(body: RequestBody | undefined, headers: Headers): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') {
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'text/plain;charset=UTF-8');
    return body;
  }
  if (body instanceof FormData || body instanceof URLSearchParams || body instanceof Blob) {
    return body; // fetch sets the content type (with the multipart boundary) itself
  }
  if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  return JSON.stringify(body);
}

/** Reads the answer body; JSON is read as text so a non-JSON answer can be told apart. */
export async function readAnswer(
  response: Response,
  responseType: 'json' | 'text' | 'blob' | 'none',
): Promise<string | Blob | undefined> {
  switch (responseType) {
    case 'json':
    case 'text':
      return response.text();
    case 'blob':
      return response.blob();
    case 'none':
      return undefined;
  }
}

/**
 * Parses a JSON answer through its schema. Failures become the caller's `malformed` ApiError,
 * never an exception from deep inside a component.
 */
export function parseJsonAnswer<T>(
  text: string,
  schema: z.ZodType<T>,
  malformed: (detail: string, cause: unknown) => ApiError,
): T {
  let value: unknown;
  try {
    // An empty answer reads as undefined, so calls that read nothing can use z.unknown().
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch (cause) {
    throw malformed('answer is not JSON', cause);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw malformed(summariseIssues(parsed.error.issues), parsed.error);
  return parsed.data;
}

/** "path: message" for the first few issues: enough to find the field, short enough to log. */
export function summariseIssues(
  issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[],
): string {
  const shown = issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`);
  const more = issues.length > shown.length ? `; +${issues.length - shown.length} more` : '';
  return shown.join('; ') + more;
}

// DOMException is not an Error subclass in every runtime, so only the name is checked.
export function isAbortError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
  return name === 'AbortError' || name === 'TimeoutError';
}
