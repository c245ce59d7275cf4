import type { StoreApi } from 'zustand';

/**
 * A store made on first use (a read, a write or a subscription), then that store: for a store
 * whose first state is read from storage. Issue 34.10: the first read of localStorage in a page
 * loads the whole area from the browser (a synchronous wait), and a store made at module load
 * did that in the task that evaluates the bundle, its longest (bench/hugeMonth); made on first
 * use, it happens in the start's first step, a short task.
 */
export function lazyStore<T>(create: () => StoreApi<T>): StoreApi<T> {
  let store: StoreApi<T> | undefined;
  const made = (): StoreApi<T> => (store ??= create());
  const setState = ((...args: Parameters<StoreApi<T>['setState']>) =>
    made().setState(...args)) as StoreApi<T>['setState'];
  return {
    getState: () => made().getState(),
    getInitialState: () => made().getInitialState(),
    subscribe: (listener) => made().subscribe(listener),
    setState,
  };
}
