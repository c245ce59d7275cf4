import { describe, expect, it, vi } from 'vitest';
import { StepQueue, type StepView } from './stepQueue';

/** A list of files f0 … f(n-1), walked one step at a time after a macrotask (a source's await). */
function fixture(n: number) {
  const ids = Array.from({ length: n }, (_, i) => `f${i}`);
  const shown: string[] = [];
  let walks = 0;
  const queue = new StepQueue({
    walk: async (from, direction) => {
      walks++;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const at = ids.indexOf(from) + direction;
      return at >= 0 && at < n ? { id: ids[at] } : null;
    },
    go: (id) => shown.push(id),
  });
  /** The view the viewer renders for a file: neighbours known only when `known`. */
  const view = (id: string, known: boolean): StepView => {
    const at = ids.indexOf(id);
    return {
      id,
      next: known && at + 1 < n ? { id: ids[at + 1] } : null,
      previous: known && at > 0 ? { id: ids[at - 1] } : null,
      neighboursKnown: known,
    };
  };
  /** Long enough for a few walks more: what should not happen has had its chance. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  return { ids, shown, queue, view, settle, walks: () => walks };
}

describe('StepQueue (issue 34.9: every press counts)', () => {
  it('60 presses before any render steps 60 files, not the one the screen shows + 1', async () => {
    const { queue, view, shown, settle } = fixture(100);
    queue.shown('f0');
    // The screen still shows f0 with its neighbours: every press arrives before a re-render.
    for (let i = 0; i < 60; i++) queue.press(1, view('f0', true));
    await vi.waitFor(() => expect(shown.at(-1)).toBe('f60'));
    await settle();
    expect(shown.at(-1)).toBe('f60');
  });

  it('a step rendering late does not take back the steps sent after it', async () => {
    const { queue, view, shown } = fixture(100);
    queue.shown('f0');
    queue.press(1, view('f0', true));
    queue.press(1, view('f0', true));
    queue.press(1, view('f0', true));
    await vi.waitFor(() => expect(shown.at(-1)).toBe('f3'));
    // The render of the first step comes only now, then the last one's.
    queue.shown('f1');
    queue.press(1, view('f1', true));
    await vi.waitFor(() => expect(shown.at(-1)).toBe('f4'));
    queue.shown('f4');
    queue.press(1, view('f4', true));
    expect(shown.at(-1)).toBe('f5');
  });

  it('presses while the neighbours load are walked in order, both ways', async () => {
    const { queue, view, shown } = fixture(100);
    queue.shown('f10');
    for (let i = 0; i < 5; i++) queue.press(1, view('f10', false));
    queue.press(-1, view('f10', false));
    await vi.waitFor(() => expect(shown.at(-1)).toBe('f14'));
  });

  it('a press with the neighbour known goes at once, without walking', () => {
    const { queue, view, shown, walks } = fixture(10);
    queue.shown('f3');
    queue.press(-1, view('f3', true));
    expect(shown).toEqual(['f2']);
    expect(walks()).toBe(0);
  });

  it('stops at the ends of the list, and later presses still count', async () => {
    const { queue, view, shown, settle } = fixture(5);
    queue.shown('f3');
    for (let i = 0; i < 4; i++) queue.press(1, view('f3', false));
    for (let i = 0; i < 2; i++) queue.press(-1, view('f3', false));
    await vi.waitFor(() => expect(shown.at(-1)).toBe('f2'));
    // At the last file with its neighbours known, a press does nothing.
    queue.shown('f4');
    shown.length = 0;
    queue.press(1, view('f4', true));
    await settle();
    expect(shown).toEqual([]);
  });

  it('counts from the file another cause showed (slideshow, delete)', () => {
    const { queue, view, shown } = fixture(20);
    queue.shown('f0');
    queue.shown('f7');
    queue.press(1, view('f7', true));
    expect(shown).toEqual(['f8']);
  });

  it('drops what is still walking once disposed', async () => {
    const { queue, view, shown, settle } = fixture(20);
    queue.shown('f0');
    for (let i = 0; i < 3; i++) queue.press(1, view('f0', false));
    queue.dispose();
    await settle();
    expect(shown).toEqual([]);
  });
});
