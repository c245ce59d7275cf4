// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DESKTOP_METRICS } from '../engine/gridMetrics';
import { FakeLoader } from '../engine/texture/testing';
import { squareLayout, testDescriptors, testFiles } from '../engine/testEngine';
import type { TimelineSource } from '../engine/timeline/TimelineSource';
import type { SectionDescriptor } from '../engine/types';
import { useGalleryEngine, type GalleryEngineSetup } from './useGalleryEngine';

function sourceOf(descriptors: () => SectionDescriptor[]): TimelineSource {
  return {
    sections: () => Promise.resolve(descriptors()),
    files: (section) => Promise.resolve(testFiles(section)),
  };
}

function setup(overrides: Partial<GalleryEngineSetup> = {}): GalleryEngineSetup {
  return {
    contentKey: 'job-1',
    metrics: DESKTOP_METRICS,
    deviceClass: 'desktop',
    source: sourceOf(() => testDescriptors([5, 5])),
    thumbnailUrl: (id, size) => `/th/${id}?area=${size}`,
    createLoader: () => new FakeLoader(),
    createLayout: () => squareLayout,
    ...overrides,
  };
}

describe('useGalleryEngine', () => {
  it('builds an engine for the content key, loads the source and publishes it for tests', async () => {
    const undo = vi.fn();
    const expose = vi.fn(() => undo);
    const { result, unmount } = renderHook(() => useGalleryEngine(setup({ expose })));
    await waitFor(() => expect(result.current.load).toBe('ready'));
    const engine = result.current.engine!;
    expect(engine.timeline.sectionCount).toBe(2);
    expect(expose).toHaveBeenCalledWith(engine);
    unmount();
    expect(undo).toHaveBeenCalled();
  });

  it('builds nothing without a content key, and a new engine for a new key', async () => {
    const { result, rerender } = renderHook(
      (props: GalleryEngineSetup) => useGalleryEngine(props),
      {
        initialProps: setup({ contentKey: undefined }),
      },
    );
    expect(result.current.engine).toBeNull();
    rerender(setup({ contentKey: 'job-1' }));
    await waitFor(() => expect(result.current.load).toBe('ready'));
    const first = result.current.engine;
    rerender(setup({ contentKey: 'job-2' }));
    await waitFor(() => expect(result.current.engine).not.toBe(first));
    expect(result.current.engine).not.toBeNull();
  });

  it('refresh adopts the fresh sections and follows them to empty', async () => {
    let descriptors = testDescriptors([5, 5]);
    const source = sourceOf(() => descriptors);
    const { result } = renderHook(() => useGalleryEngine(setup({ source })));
    await waitFor(() => expect(result.current.load).toBe('ready'));
    descriptors = testDescriptors([5, 5, 5]);
    await act(() => result.current.refresh());
    expect(result.current.engine!.timeline.sectionCount).toBe(3);
    descriptors = [];
    await act(() => result.current.refresh());
    expect(result.current.load).toBe('empty');
  });

  it('says error when the source fails, and builds again on reload', async () => {
    let fail = true;
    const source: TimelineSource = {
      sections: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve([])),
      files: () => Promise.reject(new Error('none')),
    };
    const { result } = renderHook(() => useGalleryEngine(setup({ source })));
    await waitFor(() => expect(result.current.load).toBe('error'));
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.load).toBe('empty'));
  });
});
