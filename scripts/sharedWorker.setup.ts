// Setup of the test files that share a worker (vitest.config.ts, projects "shared-dom" and
// "shared-node"): Vitest runs this before each such file, in the worker the previous file ran in.
//
// - Every module of ours starts afresh: the previous file's stores, caches, counters and
//   singletons are dropped with its modules, so the file imports them as if alone. Only what
//   node_modules hold natively stays loaded (React, zod, three.js, jsdom...): that is the time
//   saved.
// - In jsdom the document is the worker's, so it is emptied for each file: nodes, the root's
//   attributes, title, storage, cookies, URL, and the window and document listeners the previous
//   file's modules added.
// - The file must leave the worker's globals, process.env and the clock as it found them. A file
//   that does not fails here, naming what it left, instead of changing the next file's results.
import { afterAll, expect, vi } from 'vitest';

vi.resetModules();

interface Listener {
  target: EventTarget;
  args: Parameters<EventTarget['removeEventListener']>;
}
interface WorkerDom {
  url: string;
  listeners: Listener[];
}

const WORKER_DOM = Symbol.for('capture.sharedWorkerDom');

/** Listeners on window and document are recorded, so the next file can start without them. */
function recordListeners(listeners: Listener[]): void {
  const add: EventTarget['addEventListener'] = Reflect.get(
    EventTarget.prototype,
    'addEventListener',
  );
  EventTarget.prototype.addEventListener = function (this: EventTarget, ...args) {
    if (this === window || this === document) {
      listeners.push({ target: this, args: [args[0], args[1], args[2]] });
    }
    add.apply(this, args);
  };
}

function freshDocument(): void {
  const holder = globalThis as { [WORKER_DOM]?: WorkerDom };
  if (!holder[WORKER_DOM]) {
    holder[WORKER_DOM] = { url: window.location.href, listeners: [] };
    recordListeners(holder[WORKER_DOM].listeners);
    return;
  }
  const dom = holder[WORKER_DOM];
  for (const { target, args } of dom.listeners.splice(0)) target.removeEventListener(...args);
  for (const element of [document.documentElement, document.head, document.body]) {
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  }
  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0].trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  window.history.replaceState(null, '', dom.url);
}

if (typeof document !== 'undefined') freshDocument();

/**
 * Globals that libraries loaded once per worker set up for themselves on first use: Vitest's
 * own; zod's config and schema registry (no schema of ours registers an id); the version marks of
 * three.js and React Router; the fetch dispatcher of Node and the request class of srvx
 * (@tus/server).
 */
const LIBRARY_OWN =
  /^(__vitest|__VITEST|__vi_|__zod_global(Config|Registry)$|__THREE__$|__reactRouterVersion$)/;
const LIBRARY_SYMBOLS = new Set([
  Symbol.for('undici.globalDispatcher.1'),
  Symbol.for('srvx.nativeRequest'),
]);

type Descriptors = Map<string | symbol, PropertyDescriptor>;

function globalDescriptors(): Descriptors {
  const keys = Reflect.ownKeys(globalThis).filter((key) =>
    typeof key === 'symbol' ? !LIBRARY_SYMBOLS.has(key) : !LIBRARY_OWN.test(key),
  );
  // Node defines some globals (atob, Response, AbortController...) as getters that turn into
  // plain values when first read: read each once, so a first read is not taken for a change.
  for (const key of keys) {
    try {
      Reflect.get(globalThis, key);
    } catch {
      // a getter that throws stays as it is, and is compared as a getter
    }
  }
  return new Map(keys.map((key) => [key, Reflect.getOwnPropertyDescriptor(globalThis, key)!]));
}

/** A global that is absent and one whose value is undefined read the same. */
const UNDEFINED: PropertyDescriptor = { value: undefined };

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
}

function changedGlobals(before: Descriptors, after: Descriptors): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys]
    .filter((key) => {
      // (Testing Library's act() sets IS_REACT_ACT_ENVIRONMENT and restores it to undefined.)
      return !sameDescriptor(before.get(key) ?? UNDEFINED, after.get(key) ?? UNDEFINED);
    })
    .map((key) => String(key));
}

function changedEnv(before: NodeJS.ProcessEnv): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(process.env)]);
  return [...keys].filter((key) => before[key] !== process.env[key]);
}

const globalsBefore = globalDescriptors();
const envBefore = { ...process.env };

afterAll(() => {
  // Setup hooks run after the file's own afterAll hooks (sequence.hooks "stack").
  const globals = changedGlobals(globalsBefore, globalDescriptors());
  const env = changedEnv(envBefore);
  const left = [
    ...(vi.isFakeTimers() ? ['fake timers on (vi.useRealTimers() in afterEach)'] : []),
    ...(globals.length ? [`globals changed: ${globals.join(', ')}`] : []),
    ...(env.length ? [`process.env changed: ${env.join(', ')}`] : []),
  ];
  expect(left, 'this file shares its worker (vitest.config.ts) and leaves').toEqual([]);
});
