import type { z } from 'zod';

/**
 * A schema built on first use, then kept: the schema `build` returns, the same object for every
 * read after that (parse, safeParse, shape, extend, …), so validation is exactly that schema's.
 *
 * Why (issue 34.10): a module's `z.object(...)` is built when the module loads, and the client's
 * entry loads every contract module the start needs; building them was ~15–35 ms of the one
 * task that evaluates the bundle (bench/hugeMonth, more under load). Built on first use, each
 * schema costs its time in the task that first checks an answer of its kind.
 *
 * A schema that uses another lazy one refers to it inside its own `build` (or as an element or
 * field, which zod reads only when it checks): calling a method of a lazy schema at a module's
 * top level (`.extend`, `.optional()`, …) builds it there.
 */
export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build());
  // Reads go to the built schema with the built schema as `this`: its methods are bound to it,
  // never to the proxy (zod's members cache themselves on the object they are read from).
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(schema(), key) as unknown,
    has: (_, key) => Reflect.has(schema(), key),
    set: (_, key, value) => Reflect.set(schema(), key, value),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  });
}
