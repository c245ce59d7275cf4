import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServers } from './main';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-main-'));
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-dist-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => {
  for (const dir of [dataDir, distDir]) fs.rmSync(dir, { recursive: true, force: true });
});

describe('startServers', () => {
  it('seeds on first run only and serves both listeners on chosen ports', async () => {
    const first = await startServers({ dataDir, distDir, seed: { files: 100 } });
    try {
      const config = (await (await fetch(`${first.webUrl}/app-config.json`)).json()) as {
        apiOrigin: string;
      };
      expect(config.apiOrigin).toBe(first.apiUrl);
      expect(await (await fetch(`${first.webUrl}/photos`)).text()).toContain('<title>app');
      const res = await fetch(`${first.apiUrl}/account_info`, {
        headers: { origin: first.webUrl! },
      });
      expect(res.status).toBe(401);
      expect(res.headers.get('access-control-allow-origin')).toBe(first.webUrl);
    } finally {
      await first.close();
    }
    const second = await startServers({ dataDir, distDir: null, seed: { files: 50 } });
    try {
      const count = second.context.db.prepare('SELECT COUNT(*) AS n FROM files').get() as {
        n: number;
      };
      expect(count.n).toBe(100); // the second start did not seed again
      second.context.db.prepare("UPDATE meta SET value = 'running' WHERE key = 'seed_state'").run();
    } finally {
      await second.close();
    }
    await expect(startServers({ dataDir, distDir: null })).rejects.toThrow(/interrupted seed/);
  });
});
