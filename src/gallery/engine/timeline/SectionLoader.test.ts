import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_METRICS } from '../gridMetrics';
import type { LayoutEngine, LayoutRequest } from '../layout/LayoutEngine';
import type { SectionDescriptor, SectionLayout } from '../types';
import { columnLayout, filesWithIds, monthOf } from './testSections';
import { TimelineModel } from './TimelineModel';
import type { SectionFiles, TimelineSource } from './TimelineSource';

/** A layout engine that answers when told to, and records each request's signal. */
function manualLayout() {
  const requests: { request: LayoutRequest; answer: () => void }[] = [];
  const engine: LayoutEngine = {
    layout: (request) =>
      new Promise<SectionLayout>((resolve, reject) => {
        if (request.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
        request.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
        requests.push({ request, answer: () => resolve(columnLayout(request.aspects.length)) });
      }),
  };
  return { engine, requests };
}

/** A source whose file fetches wait until released, one gate per section key. */
function gatedSource(descriptors: SectionDescriptor[]) {
  const fetches: { key: string; signal: AbortSignal; release: () => void }[] = [];
  const source: TimelineSource = {
    sections: () => Promise.resolve(descriptors),
    files: (section, signal) =>
      new Promise<SectionFiles>((resolve, reject) => {
        fetches.push({
          key: section.key,
          signal,
          release: () =>
            resolve(
              filesWithIds(
                Array.from({ length: section.counts.pictures }, (_, i) => `${section.key}:${i}`),
              ),
            ),
        });
        signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  };
  return { source, fetches };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function model(descriptors: SectionDescriptor[], layout: LayoutEngine) {
  const { source, fetches } = gatedSource(descriptors);
  const timeline = new TimelineModel({
    source,
    layout,
    metrics: DESKTOP_METRICS,
    width: 1000,
    onChange: vi.fn(),
  });
  await timeline.load(new AbortController().signal);
  return { timeline, fetches };
}

describe('SectionLoader', () => {
  const months = [monthOf(12, 30), monthOf(11, 30), monthOf(10, 30), monthOf(9, 30)];

  it('cancels the layout of a section scrolled away, in the layout engine too', async () => {
    const { engine, requests } = manualLayout();
    const { timeline, fetches } = await model(months, engine);
    timeline.updateViewport(0, 100, false);
    expect(fetches.map((f) => f.key)).toEqual(['2024-12']);
    fetches[0].release();
    await flush();
    expect(requests).toHaveLength(1);
    expect(timeline.sections[0].status).toBe('FETCHING');
    // Far away before the layout answered: its request is aborted and the section is free again.
    timeline.updateViewport(timeline.totalHeight() - 100, 100, false);
    expect(requests[0].request.signal?.aborted).toBe(true);
    await flush();
    expect(timeline.sections[0]).toMatchObject({ status: 'UNFETCHED', files: null, rects: null });
    // An answer arriving anyway is not applied.
    requests[0].answer();
    await flush();
    expect(timeline.sections[0].rects).toBeNull();
  });

  it('keeps a fetch running across a list change that keeps its section', async () => {
    const { engine, requests } = manualLayout();
    const { timeline, fetches } = await model(months, engine);
    timeline.updateViewport(0, 100, false);
    const fetch = fetches[0];
    // A month appears above: positions move, the section fetched is still there.
    timeline.reconcile([monthOf(13, 5), ...months]);
    expect(timeline.sections[1].descriptor.key).toBe('2024-12');
    expect(fetch.signal.aborted).toBe(false);
    expect(timeline.sections[1].status).toBe('FETCHING');
    fetch.release();
    await flush();
    requests[0].answer();
    await flush();
    expect(timeline.sections[1]).toMatchObject({ status: 'FETCHED', count: 30 });
    expect(fetches.filter((f) => f.key === '2024-12')).toHaveLength(1);
  });

  it('cancels a fetch whose section went or changed in the new list', async () => {
    const { engine } = manualLayout();
    const { timeline, fetches } = await model(months, engine);
    timeline.updateViewport(0, 100, false);
    timeline.reconcile([monthOf(12, 31), ...months.slice(1)]);
    expect(fetches[0].signal.aborted).toBe(true);
    expect(timeline.sections[0]).toMatchObject({ status: 'UNFETCHED', count: 31 });
  });

  it('a direct load waits for a viewport load in flight instead of fetching again', async () => {
    const { engine, requests } = manualLayout();
    const { timeline, fetches } = await model(months, engine);
    timeline.updateViewport(0, 100, false);
    fetches[0].release();
    await flush();
    const loading = timeline.loadSections([0], new AbortController().signal);
    await flush();
    requests[0].answer();
    await loading;
    expect(timeline.isLaidOut(0)).toBe(true);
    expect(fetches.filter((f) => f.key === '2024-12')).toHaveLength(1);
  });

  it('a resize during a load lays the files out again at the new width, once', async () => {
    const { engine, requests } = manualLayout();
    const { timeline, fetches } = await model(months, engine);
    timeline.updateViewport(0, 100, false);
    fetches[0].release();
    await flush();
    timeline.resize(600);
    expect(requests[0].request.signal?.aborted).toBe(true);
    expect(requests[1].request.width).toBe(600);
    requests[1].answer();
    await flush();
    expect(timeline.isLaidOut(0)).toBe(true);
    expect(requests).toHaveLength(2);
  });
});
