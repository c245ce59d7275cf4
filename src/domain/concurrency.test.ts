import { describe, expect, it } from 'vitest';
import { limited, runLimited } from './concurrency';

describe('runLimited and limited', () => {
  it('keep at most `limit` running and answer in order', async () => {
    let running = 0;
    let most = 0;
    const results = await limited([5, 1, 4, 2, 3], 2, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
    expect(await limited([], 3, () => Promise.resolve(1))).toEqual([]);
  });

  it('runLimited keeps failures as outcomes; limited rejects with the first', async () => {
    const task = (n: number) =>
      n % 2 ? Promise.reject(new Error(`odd ${n}`)) : Promise.resolve(n);
    const outcomes = await runLimited([2, 3, 4], 2, task);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    await expect(limited([2, 3, 5], 2, task)).rejects.toThrow('odd 3');
  });
});
