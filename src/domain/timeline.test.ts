import { describe, expect, it } from 'vitest';
import { showsOnTimeline } from './timeline';

describe('showsOnTimeline (SPEC §2 Documents, §5 live and burst groups)', () => {
  it('leaves documents out: they are listed by the documents area', () => {
    expect(showsOnTimeline({ kind: 'document', grouped: false, master: false })).toBe(false);
  });

  it('shows pictures and ungrouped videos', () => {
    expect(showsOnTimeline({ kind: 'picture', grouped: false, master: false })).toBe(true);
    expect(showsOnTimeline({ kind: 'movie', grouped: false, master: false })).toBe(true);
  });

  it("shows a group's pictures and its master video, never its other videos", () => {
    expect(showsOnTimeline({ kind: 'picture', grouped: true, master: false })).toBe(true);
    expect(showsOnTimeline({ kind: 'movie', grouped: true, master: true })).toBe(true);
    expect(showsOnTimeline({ kind: 'movie', grouped: true, master: false })).toBe(false);
  });
});
