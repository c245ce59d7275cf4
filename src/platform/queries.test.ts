import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { resourceLoadOf } from './queries';

function observe(client: QueryClient, queryFn: () => Promise<string>) {
  const observer = new QueryObserver(client, { queryKey: ['recents'], queryFn, retry: false });
  const states: string[] = [];
  const unsubscribe = observer.subscribe((result) => {
    const state = resourceLoadOf(result);
    if (states.at(-1) !== state) states.push(state);
  });
  return { observer, states, unsubscribe };
}

describe('resourceLoadOf (SPEC §4 resource load)', () => {
  it('goes FETCHING → SUCCEEDED for a first load, and is EMPTY before any', async () => {
    const client = new QueryClient();
    const idle = new QueryObserver(client, { queryKey: ['recents'], enabled: false });
    expect(resourceLoadOf(idle.getCurrentResult())).toBe('EMPTY');
    const { observer, states, unsubscribe } = observe(client, () => Promise.resolve('data'));
    await observer.refetch();
    expect(states).toEqual(['FETCHING', 'SUCCEEDED']);
    unsubscribe();
  });

  it('a failed first load is FAILED; a failed refresh keeps what is shown (SUCCEEDED)', async () => {
    const client = new QueryClient();
    let fail = true;
    const { observer, states, unsubscribe } = observe(client, () =>
      fail ? Promise.reject(new Error('offline')) : Promise.resolve('data'),
    );
    await observer.refetch();
    expect(states.at(-1)).toBe('FAILED');
    fail = false;
    await observer.refetch();
    expect(states.at(-1)).toBe('SUCCEEDED');
    fail = true;
    await observer.refetch();
    expect(states.at(-1)).toBe('SUCCEEDED');
    expect(observer.getCurrentResult().data).toBe('data');
    unsubscribe();
  });
});
