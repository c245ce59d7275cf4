import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DAY_COUNTS_VERSION } from './db/dayCounts';
import { getMeta, type Db } from './db/open';
import { startServers } from './main';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-main-'));
const oldDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-main-old-'));
const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-dist-'));
fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>app</title>');
afterAll(() => {
  for (const dir of [dataDir, oldDataDir, distDir])
    fs.rmSync(dir, { recursive: true, force: true });
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
      // Issue 23: the web listener's root (and its localhost twin) is a registered redirect URI.
      const port = new URL(first.webUrl!).port;
      expect(first.context.redirectUris.has(`${first.webUrl}/`)).toBe(true);
      expect(first.context.redirectUris.has(`http://localhost:${port}/`)).toBe(true);
      expect(first.context.redirectUris.has(`${first.apiUrl}/`)).toBe(false);
      expect(res.headers.get('vary')).toMatch(/origin/i);
    } finally {
      await first.close();
    }
  });

  it('holds every request of both listeners for the network delay of the moment (benches)', async () => {
    const networkDelay = { ms: 0 };
    const servers = await startServers({ dataDir, distDir, networkDelay });
    const timed = async (url: string) => {
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      return performance.now() - started;
    };
    try {
      networkDelay.ms = 1200;
      expect(await timed(`${servers.webUrl}/app-config.json`)).toBeGreaterThanOrEqual(1199);
      expect(await timed(`${servers.apiUrl}/supported_extensions`)).toBeGreaterThanOrEqual(1199);
      networkDelay.ms = 0;
      // Unheld again: well under the delay it had (a generous margin for a busy machine).
      expect(await timed(`${servers.apiUrl}/supported_extensions`)).toBeLessThan(1000);
    } finally {
      await servers.close();
    }
  });

  it('answers CORS for the web origins only: a foreign page cannot read the API', async () => {
    const servers = await startServers({
      dataDir,
      distDir,
      webOrigins: ['http://localhost:5173'],
    });
    try {
      const webPort = new URL(servers.webUrl!).port;
      const allowOrigin = async (origin: string, method = 'GET') => {
        const res = await fetch(`${servers.apiUrl}/supported_extensions`, {
          method,
          headers: {
            origin,
            ...(method === 'OPTIONS' ? { 'access-control-request-method': 'GET' } : {}),
          },
        });
        return res.headers.get('access-control-allow-origin');
      };
      // The web listener under both loopback names, and the configured dev origin.
      expect(await allowOrigin(servers.webUrl!)).toBe(servers.webUrl);
      expect(await allowOrigin(`http://localhost:${webPort}`)).toBe(`http://localhost:${webPort}`);
      expect(await allowOrigin('http://localhost:5173')).toBe('http://localhost:5173');
      // Anyone else: no allow-origin, on the answer and on the preflight.
      for (const foreign of ['https://evil.example', 'http://127.0.0.1:1', 'null']) {
        expect(await allowOrigin(foreign)).toBeNull();
        expect(await allowOrigin(foreign, 'OPTIONS')).toBeNull();
      }
    } finally {
      await servers.close();
    }
  });

  it('does not seed the DATA_DIR of an earlier run again, and refuses an interrupted seed', async () => {
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

  it('rebuilds the day counts of a DATA_DIR written under an older counting rule', async () => {
    const sums = (db: Db) =>
      db
        .prepare(
          'SELECT SUM(pictures) AS p, SUM(videos) AS v, SUM(screenshots) AS s, SUM(bytes) AS b FROM day_counts',
        )
        .get() as Record<string, number>;
    const first = await startServers({ dataDir: oldDataDir, distDir: null, seed: { files: 3000 } });
    const right = sums(first.context.db);
    // As an older server left it: no version mark, live photos' movies counted as videos.
    first.context.db.exec(`DELETE FROM meta WHERE key = 'day_counts_version';
      UPDATE day_counts SET videos = videos + 1;`);
    expect(sums(first.context.db).v).toBeGreaterThan(right.v);
    await first.close();
    const second = await startServers({ dataDir: oldDataDir, distDir: null });
    try {
      expect(sums(second.context.db)).toEqual(right);
      expect(getMeta(second.context.db, 'day_counts_version')).toBe(DAY_COUNTS_VERSION);
    } finally {
      await second.close();
    }
  });
});
