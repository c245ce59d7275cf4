import type { CallTarget } from '../../api/contract/callTarget';
/** A request as the fakes read it: its call's method, host, path and query beside the rest. */
const flat = <T>({ call, ...rest }: { call: CallTarget }): T =>
  ({ ...rest, method: call.method, host: call.host, path: call.path, query: call.query }) as T;
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import type { ApiClient } from '../../api/http';
import { grantLinkAccess, revokeLinkAccess } from '../../platform/linkAccess';
import { JobSync, type JobChange } from './JobSync';

interface Call {
  host?: string;
  path: string;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  auth?: boolean;
  linkAuth?: { basic: string | null; foreignAuth: string | null };
}

type Answer = { data?: unknown; status?: number; headers?: Headers } | Error;

/**
 * A client scripted per call: poll answers from `polls`, changes from `changes`; each poll
 * waits for `release()` once the script is used up, so the loop can be observed step by step.
 */
function scripted(polls: Answer[], changes: Answer[]) {
  const calls: Call[] = [];
  const credentials: Pick<Call, 'headers' | 'auth' | 'linkAuth'>[] = [];
  let parked: (() => void) | null = null;
  const request = vi.fn(async (raw: { call: CallTarget }) => {
    const call = flat<Call & { signal?: AbortSignal }>(raw);
    calls.push({ host: call.host, path: call.path, query: call.query });
    credentials.push({ headers: call.headers, auth: call.auth, linkAuth: call.linkAuth });
    let answer: Answer | undefined;
    if (call.path === '/poll') {
      answer = polls.shift();
      if (!answer) {
        await new Promise<void>((resolve, reject) => {
          parked = resolve;
          call.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        });
        return { data: '', status: 204, headers: new Headers() };
      }
    } else if (/\/changes(_and_async_upload_status)?$/.test(call.path)) {
      answer = changes.shift() ?? { data: { changes: [], info: { used_space: 0 } } };
    } else {
      answer = { data: { files: [] }, headers: new Headers({ 'x-last-event-serial': '10' }) };
    }
    if (answer instanceof Error) throw answer;
    return {
      data: answer.data,
      status: answer.status ?? 200,
      headers: answer.headers ?? new Headers(),
    };
  });
  return {
    client: { request } as unknown as ApiClient,
    calls,
    credentials,
    release: () => parked?.(),
  };
}

const change = (serial: number, type: 0 | 1, id: string): JobChange => ({ serial, type, id });
const changesAnswer = (list: JobChange[]) => ({ data: { changes: list, info: { used_space: 1 } } });

function waits() {
  const log: number[] = [];
  return { log, wait: (ms: number) => (log.push(ms), Promise.resolve()) };
}

describe('JobSync (SPEC §4 Job syncing)', () => {
  it('starts from the job serial, long-polls the poll host, applies changes after the newest serial', async () => {
    const { client, calls } = scripted(
      [{ data: '12\n' }],
      [changesAnswer([change(11, 0, 'a'), change(12, 1, 'b')])],
    );
    const applied: [JobChange[], boolean][] = [];
    const w = waits();
    const sync = new JobSync({
      client,
      jobId: 'job',
      apply: (c, full) => void applied.push([[...c], full]),
      wait: w.wait,
    });
    const statuses: string[] = [];
    sync.subscribe(() => statuses.push(sync.status));
    sync.start();
    await vi.waitFor(() => expect(applied).toHaveLength(1));
    expect(calls[0].path).toBe('/jobs/job/files');
    expect(calls[1]).toEqual({
      host: 'poll',
      path: '/poll',
      query: { seq: 10, event: 'job_changed:job' },
    });
    expect(calls[2].query).toEqual({ since: 10 });
    expect(applied[0]).toEqual([[change(11, 0, 'a'), change(12, 1, 'b')], false]);
    await vi.waitFor(() => expect(sync.serial).toBe(12));
    expect(statuses).toEqual(['PENDING', 'FETCHED', 'PARTIALLY_FETCHED', 'FETCHED']);
    // SPEC §9: the next poll after applied changes waits 2500 ms.
    await vi.waitFor(() => expect(w.log).toContain(2500));
    await vi.waitFor(() =>
      expect(calls.at(-1)?.query).toEqual({ seq: 12, event: 'job_changed:job' }),
    );
    sync.stop();
  });

  it('an own job reads changes_and_async_upload_status and hands on its info.used_space', async () => {
    const { client, calls } = scripted(
      [{ data: '11\n' }],
      [{ data: { changes: [change(11, 0, 'a')], info: { used_space: 4096 } } }],
    );
    const usedSpace: number[] = [];
    const applied: JobChange[] = [];
    const sync = new JobSync({
      client,
      jobId: 'job',
      apply: (c) => void applied.push(...c),
      wait: waits().wait,
      onUsedSpace: (bytes) => usedSpace.push(bytes),
    });
    sync.start();
    await vi.waitFor(() => expect(applied).toEqual([change(11, 0, 'a')]));
    expect(calls[2]).toMatchObject({
      path: '/jobs/job/changes_and_async_upload_status',
      query: { since: 10 },
    });
    expect(usedSpace[0]).toBe(4096);
    expect(calls.some((call) => call.path === '/jobs/job/changes')).toBe(false);
    sync.stop();
  });

  it('retries a failed poll after 1000 ms and an empty answer after 400 ms', async () => {
    const { client } = scripted(
      [new ApiError({ kind: 'network', method: 'GET', path: '/poll' }), { data: '11\n' }],
      [changesAnswer([])],
    );
    const w = waits();
    const sync = new JobSync({ client, jobId: 'job', apply: () => undefined, wait: w.wait });
    sync.start();
    await vi.waitFor(() => expect(w.log).toEqual([1000, 400]));
    expect(sync.serial).toBe(10);
    sync.stop();
  });

  it('a failed changes fetch sets the serial to -1; the next round refreshes everything', async () => {
    const { client } = scripted(
      [{ data: '11\n' }, { data: '12\n' }],
      [new ApiError({ kind: 'server', method: 'GET', path: '/changes', status: 500 })],
    );
    const applied: boolean[] = [];
    const w = waits();
    const sync = new JobSync({
      client,
      jobId: 'job',
      apply: (_c, full) => void applied.push(full),
      wait: w.wait,
    });
    sync.start();
    await vi.waitFor(() => expect(applied).toEqual([true]));
    expect(w.log[0]).toBe(1000);
    await vi.waitFor(() => expect(sync.serial).toBe(12));
    expect(sync.status).toBe('FETCHED');
    sync.stop();
  });

  it('a poll answering 404 means the job was deleted', async () => {
    const { client } = scripted(
      [new ApiError({ kind: 'notFound', method: 'GET', path: '/poll', status: 404 })],
      [],
    );
    const sync = new JobSync({ client, jobId: 'job', apply: () => undefined, wait: waits().wait });
    sync.start();
    await vi.waitFor(() => expect(sync.status).toBe('RECENTLY_DELETED'));
    expect(sync.running).toBe(false);
  });

  it('follows more than one page of changes up to the polled serial', async () => {
    const { client, calls } = scripted(
      [{ data: '14\n' }],
      [
        changesAnswer([change(11, 0, 'a'), change(12, 0, 'b')]),
        changesAnswer([change(13, 0, 'c'), change(14, 1, 'a')]),
      ],
    );
    const applied: JobChange[][] = [];
    const sync = new JobSync({
      client,
      jobId: 'job',
      apply: (c) => void applied.push([...c]),
      wait: waits().wait,
    });
    sync.start();
    await vi.waitFor(() => expect(applied).toHaveLength(1));
    expect(calls.filter((c) => c.path.endsWith('/changes')).map((c) => c.query)).toEqual([
      { since: 10 },
      { since: 12 },
    ]);
    expect(applied[0].map((c) => c.id)).toEqual(['a', 'b', 'c', 'a']);
    sync.stop();
  });

  it('stops polling when stopped, and keeps its serial for the next start', async () => {
    const s = scripted([], []);
    const sync = new JobSync({
      client: s.client,
      jobId: 'job',
      apply: () => undefined,
      wait: waits().wait,
    });
    sync.start();
    await vi.waitFor(() => expect(s.calls.some((c) => c.path === '/poll')).toBe(true));
    sync.stop();
    expect(sync.running).toBe(false);
    const polls = s.calls.filter((c) => c.path === '/poll').length;
    s.release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(s.calls.filter((c) => c.path === '/poll').length).toBe(polls);
    sync.start();
    await vi.waitFor(() =>
      expect(s.calls.filter((c) => c.path === '/poll').length).toBe(polls + 1),
    );
    // No new serial probe: it goes straight back to polling from 10.
    expect(s.calls.filter((c) => c.path === '/jobs/job/files')).toHaveLength(1);
    sync.stop();
  });

  it('follows a job read through its link (a visitor’s shared album) with its password and no token', async () => {
    grantLinkAccess('shared', 'the-password');
    try {
      const { client, calls, credentials } = scripted(
        [{ data: '11\n' }],
        [changesAnswer([change(11, 0, 'a')])],
      );
      const applied: JobChange[][] = [];
      const sync = new JobSync({
        client,
        jobId: 'shared',
        apply: (c) => void applied.push([...c]),
        wait: waits().wait,
      });
      sync.start();
      await vi.waitFor(() => expect(applied).toHaveLength(1));
      sync.stop();
      expect(calls.slice(0, 3).map((c) => c.path)).toEqual([
        '/jobs/shared/files',
        '/poll',
        '/jobs/shared/changes',
      ]);
      for (const sent of credentials.slice(0, 3)) {
        // SPEC §6 visitor auth: the album's password as basic auth, no user (signed out).
        expect(sent).toEqual({
          headers: undefined,
          auth: undefined,
          linkAuth: { basic: 'the-password', foreignAuth: null },
        });
      }
    } finally {
      revokeLinkAccess('shared');
    }
  });
});
