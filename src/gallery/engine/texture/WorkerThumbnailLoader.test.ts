import { describe, expect, it, vi } from 'vitest';
import { createDecodeApi, type DecodeDependencies } from './decode.worker';
import { FakeBitmap, flush } from './testing';
import { WorkerThumbnailLoader } from './WorkerThumbnailLoader';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A decode worker API over a fetch and a createImageBitmap that the test controls. */
function worker() {
  const fetches: {
    url: string;
    signal: AbortSignal;
    reply: ReturnType<typeof deferred<Response>>;
  }[] = [];
  const decodes: {
    options: ImageBitmapOptions;
    reply: ReturnType<typeof deferred<ImageBitmap>>;
  }[] = [];
  const deps: DecodeDependencies = {
    fetch: (url, init) => {
      const reply = deferred<Response>();
      fetches.push({ url, signal: init.signal!, reply });
      init.signal!.addEventListener('abort', () =>
        reply.reject(new DOMException('', 'AbortError')),
      );
      return reply.promise;
    },
    createImageBitmap: (_blob, options) => {
      const reply = deferred<ImageBitmap>();
      decodes.push({ options, reply });
      return reply.promise;
    },
  };
  return { api: createDecodeApi(deps), fetches, decodes };
}

// A settled-body stand-in: a real Response reads its body over several event-loop turns.
const ok = () =>
  ({ ok: true, status: 200, blob: () => Promise.resolve(new Blob()) }) as unknown as Response;
const bitmap = (size: number) => new FakeBitmap(size, size) as unknown as ImageBitmap;

describe('decode worker', () => {
  it('fetches the URL and decodes stretched to the square, EXIF-oriented', async () => {
    const { api, fetches, decodes } = worker();
    const result = api.decode({ id: 1, url: 'https://thumb.test/f1?token=secret', size: 256 });
    expect(fetches[0].url).toBe('https://thumb.test/f1?token=secret');
    fetches[0].reply.resolve(ok());
    await flush();
    expect(decodes[0].options).toMatchObject({
      resizeWidth: 256,
      resizeHeight: 256,
      imageOrientation: 'from-image',
    });
    const decoded = bitmap(256);
    decodes[0].reply.resolve(decoded);
    await expect(result).resolves.toBe(decoded);
  });

  it('reports an HTTP failure by status, never with the URL (it carries the token)', async () => {
    const { api, fetches } = worker();
    const result = api.decode({ id: 1, url: 'https://thumb.test/f1?token=secret', size: 256 });
    fetches[0].reply.resolve(new Response(null, { status: 404 }));
    await expect(result).rejects.toThrow('HTTP 404');
    await expect(result).rejects.not.toThrow('secret');
  });

  it('cancel aborts the fetch, and a decode finishing after cancel is closed', async () => {
    const { api, fetches, decodes } = worker();
    const first = api.decode({ id: 1, url: 'u1', size: 256 });
    api.cancel(1);
    expect(fetches[0].signal.aborted).toBe(true);
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });

    const second = api.decode({ id: 2, url: 'u2', size: 256 });
    fetches[1].reply.resolve(ok());
    await flush();
    api.cancel(2);
    const late = bitmap(256);
    decodes[0].reply.resolve(late);
    await expect(second).rejects.toMatchObject({ name: 'AbortError' });
    expect((late as unknown as FakeBitmap).closed).toBe(true);
  });
});

describe('WorkerThumbnailLoader', () => {
  it('asks the worker for urlFor(fileId, tier) at the layer size of the tier', async () => {
    const { api, fetches, decodes } = worker();
    const urlFor = vi.fn(
      (fileId: string, tier: string) => `https://thumb.test/${tier}/${fileId}?token=t`,
    );
    const loader = new WorkerThumbnailLoader({ urlFor, client: api });
    const result = loader.load('f1', 'large', new AbortController().signal);
    expect(fetches[0].url).toBe('https://thumb.test/large/f1?token=t');
    fetches[0].reply.resolve(ok());
    await flush();
    expect(decodes[0].options).toMatchObject({ resizeWidth: 1024, resizeHeight: 1024 });
    const decoded = bitmap(1024);
    decodes[0].reply.resolve(decoded);
    await expect(result).resolves.toBe(decoded);
  });

  it('rejects at once on abort and cancels the fetch in the worker', async () => {
    const { api, fetches } = worker();
    const loader = new WorkerThumbnailLoader({ urlFor: (id) => id, client: api });
    const controller = new AbortController();
    const result = loader.load('f1', 'small', controller.signal);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetches[0].signal.aborted).toBe(true);
    await expect(loader.load('f2', 'small', controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(fetches).toHaveLength(1);
  });

  it('closes a bitmap that arrives after the abort', async () => {
    const late = bitmap(256);
    let cancelled = 0;
    const client = {
      decode: () => Promise.resolve(late),
      cancel: () => {
        cancelled++;
      },
    };
    const loader = new WorkerThumbnailLoader({ urlFor: (id) => id, client });
    const controller = new AbortController();
    const result = loader.load('f1', 'small', controller.signal);
    controller.abort();
    await expect(result).rejects.toMatchObject({ name: 'AbortError' });
    await flush();
    expect((late as unknown as FakeBitmap).closed).toBe(true);
    expect(cancelled).toBe(1);
  });
});

it('dispose ends the loads still running', async () => {
  const client = {
    decode: () => new Promise<ImageBitmap>(() => undefined),
    cancel: () => undefined,
  };
  const loader = new WorkerThumbnailLoader({ urlFor: (id) => id, client });
  const result = loader.load('f1', 'small', new AbortController().signal);
  loader.dispose();
  await expect(result).rejects.toMatchObject({ name: 'AbortError' });
});
