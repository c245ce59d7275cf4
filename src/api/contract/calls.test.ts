// The call list (calls.ts) against the client: every request is built from an entry (the api
// client takes only a CallTarget, which only callTo/callAt make from a listed entry), every entry
// the client is said to build is built somewhere, and nothing reaches the network by a written
// path around the builder. The server's side is server/calls.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CALLS, callFor, type CallName } from './calls';
import { callAt, callTo, pathPattern, type CallEntry } from './callTarget';

const SRC = path.resolve(__dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const files = sourceFiles(SRC).map((file) => ({
  file: path.relative(SRC, file),
  text: readFileSync(file, 'utf8'),
}));
const entries = Object.entries(CALLS) as [CallName, CallEntry][];

/** Names of entries a module builds: `CALLS.name`, or a name it picks by key (`CALLS[action]`). */
function builtNames(): Set<string> {
  const built = new Set<string>();
  for (const { file, text } of files) {
    if (file === path.join('api', 'contract', 'calls.ts')) continue;
    for (const match of text.matchAll(/CALLS\.(\w+)/g)) built.add(match[1]);
    if (/CALLS\[/.test(text)) {
      for (const match of text.matchAll(/'(\w+)'/g)) if (match[1] in CALLS) built.add(match[1]);
    }
  }
  return built;
}

describe('the call list (SPEC §7 as data)', () => {
  it('gives every entry a method, a path template, a host, and a reason where it is not SPEC', () => {
    expect(entries.length).toBeGreaterThan(80);
    for (const [name, entry] of entries) {
      expect(entry.path, name).toMatch(/^\/[\w\-./{}]*$/);
      expect(['basic', 'none'], name).toContain(entry.auth);
      if (!('spec' in entry.source)) {
        const why = 'ours' in entry.source ? entry.source.ours : entry.source.specPathOurs;
        expect(why.length, `${name}: why it is ours`).toBeGreaterThan(10);
      }
      expect(new Set(entry.query).size, name).toBe(entry.query.length);
    }
  });

  it('lists each method and path on a host once', () => {
    const keys = entries.map(([, e]) => `${e.method} ${e.host} ${e.path}`);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });

  it('has every entry the client builds built somewhere, and no entry said unbuilt built', () => {
    const built = builtNames();
    const unbuilt = entries.filter(([name, e]) => !e.notBuilt && !built.has(name));
    expect(
      unbuilt.map(([name]) => name),
      'entries no module builds: build them or say why in notBuilt',
    ).toEqual([]);
    const stale = entries.filter(([name, e]) => e.notBuilt && built.has(name));
    expect(
      stale.map(([name]) => name),
      'built, yet marked notBuilt',
    ).toEqual([]);
  });

  it('lists the SPEC calls the client does not make yet, each with why', () => {
    const notYet = entries.filter(([, e]) => 'spec' in e.source && e.notBuilt);
    expect(notYet.map(([name]) => name)).toEqual(['deleteAccountAttribute']);
  });

  it('sends nothing to the network by a written path around the builder', () => {
    // The web tier's own file is no call of the service.
    const allowed = new Set(['/app-config.json']);
    const written = /(?:\bfetch|fetchImpl|EventSource|sendBeacon)\(\s*['"`]([^'"`]*)/g;
    const found: string[] = [];
    for (const { file, text } of files) {
      for (const match of text.matchAll(written)) {
        if (!allowed.has(match[1])) found.push(`${file}: ${match[0]}`);
      }
      for (const match of text.matchAll(/\.open\(\s*'[A-Z]+',\s*['"`]/g)) {
        found.push(`${file}: ${match[0]}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('declares entries and targets in the contract files only', () => {
    const outside = files.filter(
      ({ file, text }) =>
        !file.startsWith(path.join('api', 'contract')) &&
        /listedCall\(|CallTarget\.|static \{/.test(text),
    );
    expect(outside.map(({ file }) => file)).toEqual([]);
  });
});

describe('the builder', () => {
  it('encodes path parameters into the template and keeps the query', () => {
    const target = callTo(CALLS.deleteComment, { id: 'a b', fileId: 'f/1', commentId: 'c' }, {});
    expect(target.path).toBe('/jobs/a%20b/files_by_id/f%2F1/comments/c');
    expect(target.method).toBe('DELETE');
    expect(target.host).toBe('app');
    const thumb = callTo(CALLS.thumbnail, { fileId: 'f' }, { area: 256, share: 'j' });
    expect(thumb.host).toBe('thumb');
    expect(thumb.query).toEqual({ area: 256, share: 'j' });
  });

  it('refuses an entry that is not on the list, and a given path off its template', () => {
    const forged: CallEntry = { ...CALLS.logout };
    expect(() => callTo(forged)).toThrow(/not on the call list/);
    expect(() => callAt(CALLS.grantLink, '/stripe/subscriptions/s1/cancel')).not.toThrow();
    expect(() => callAt(CALLS.grantLink, '/jobs/j/info')).toThrow(/not a path of/);
    expect(() => callAt(CALLS.grantLink, '/stripe/subscriptions/s1/x/cancel')).toThrow();
  });

  it('finds the entry of a written path, a literal segment before a parameter', () => {
    expect(callFor('GET', '/jobs/default').entry).toBe(CALLS.defaultJob);
    expect(callFor('GET', '/jobs/j1/info').entry).toBe(CALLS.jobInfo);
    expect(callFor('GET', '/st/4/jobs/j/files_by_id/f', {}, 'download').entry).toBe(
      CALLS.fileDownload,
    );
    expect(() => callFor('GET', '/nowhere')).toThrow(/not on the call list/);
    expect(pathPattern('/th/3/{fileId}').test('/th/3/a/b')).toBe(false);
  });
});
