import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './errors';
import { encodeBody, isAbortError, parseJsonAnswer, readAnswer, summariseIssues } from './wire';

const malformed = (detail: string, cause: unknown) =>
  new ApiError({ kind: 'malformed', method: 'GET', path: '/a', detail, cause });

describe('encodeBody', () => {
  it('keeps a Content-Type chosen by the caller', () => {
    const headers = new Headers({ 'Content-Type': 'application/x-custom' });
    expect(encodeBody({ a: 1 }, headers)).toBe('{"a":1}');
    expect(headers.get('Content-Type')).toBe('application/x-custom');
  });

  it('sends arrays as JSON and leaves an absent body absent', () => {
    const headers = new Headers();
    expect(encodeBody(['a', 'b'], headers)).toBe('["a","b"]');
    expect(encodeBody(undefined, new Headers())).toBeUndefined();
  });
});

describe('readAnswer', () => {
  it('does not read the body for responseType none', async () => {
    const response = new Response('ignored');
    expect(await readAnswer(response, 'none')).toBeUndefined();
    expect(response.bodyUsed).toBe(false);
  });
});

describe('parseJsonAnswer', () => {
  it('parses through the schema, including transforms', () => {
    const schema = z.object({ mtime: z.number().transform((s) => s * 1000) });
    expect(parseJsonAnswer('{"mtime":2}', schema, malformed)).toEqual({ mtime: 2000 });
  });

  it('turns bad JSON and schema failures into malformed errors', () => {
    expect(() => parseJsonAnswer('{', z.unknown(), malformed)).toThrow('answer is not JSON');
    expect(() => parseJsonAnswer('{"a":"x"}', z.object({ a: z.number() }), malformed)).toThrow(
      /malformed GET \/a: a: /,
    );
  });
});

describe('summariseIssues', () => {
  it('lists the first five issues and counts the rest', () => {
    const schema = z.array(z.number());
    const result = schema.safeParse(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(result.success).toBe(false);
    const summary = summariseIssues(result.error!.issues);
    expect(summary.split('; ')).toHaveLength(6);
    expect(summary).toMatch(/^0: .*; \+2 more$/);
  });
});

describe('isAbortError', () => {
  it('recognises aborts and timeouts by name', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('x', 'TimeoutError'))).toBe(true);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
