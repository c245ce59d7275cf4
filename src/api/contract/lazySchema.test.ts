import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, z } from 'zod';
import { lazySchema } from './lazySchema';

/** Counts the zod schemas constructed while it is installed (zod's own construction hook). */
function countSchemasBuilt(): { count: () => number; stop: () => void } {
  let built = 0;
  config({ postProcessor: () => (built += 1) });
  return { count: () => built, stop: () => config({ postProcessor: undefined }) };
}

afterEach(() => config({ postProcessor: undefined }));

describe('lazySchema (issue 34.10: no schema built while the bundle loads)', () => {
  it('builds on first use, once, and is that schema from then on', () => {
    const build = vi.fn(() => z.object({ id: z.string().min(1), size: z.number().optional() }));
    const schema = lazySchema(build);
    expect(build).not.toHaveBeenCalled();

    expect(schema.parse({ id: 'f-1' })).toEqual({ id: 'f-1' });
    expect(schema.safeParse({ id: '' }).success).toBe(false);
    expect(Object.keys(schema.shape)).toEqual(['id', 'size']);
    expect(schema).toBeInstanceOf(z.ZodObject);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('checks and fails exactly as the schema it builds', () => {
    const make = () => z.object({ files: z.array(z.object({ size: z.number().nonnegative() })) });
    const lazy = lazySchema(make);
    const bad = { files: [{ size: 1 }, { size: -1 }] };
    expect(lazy.safeParse(bad).error?.issues).toEqual(make().safeParse(bad).error?.issues);
  });

  it('serves as a field, element or base of other schemas', () => {
    const file = lazySchema(() => z.object({ id: z.string() }));
    const list = z.object({ files: z.array(file) });
    const detail = lazySchema(() => file.extend({ size: z.number() }));
    expect(list.parse({ files: [{ id: 'a' }] })).toEqual({ files: [{ id: 'a' }] });
    expect(detail.parse({ id: 'a', size: 1 })).toEqual({ id: 'a', size: 1 });
    expect(file.optional().parse(undefined)).toBeUndefined();
  });

  it('keeps the contract modules the start imports from building schemas when they load', async () => {
    vi.resetModules();
    const built = countSchemasBuilt();
    const files = await import('./files');
    const jobs = await import('./jobs');
    await import('./user');
    await import('./uploads');
    await import('./account');
    await import('./auth');
    await import('./fullScreenCards');
    await import('./serviceDict');
    expect(built.count()).toBe(0);

    files.FilesResponseSchema.parse({ files: [] });
    jobs.TimelineMonthsResponseSchema.safeParse({ months: [] });
    expect(built.count()).toBeGreaterThan(0);
    built.stop();
  });
});
