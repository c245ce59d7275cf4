import { describe, expect, it } from 'vitest';
import { albumChangePlan } from './albumLive';

const change = (serial: number, type: 0 | 1 | 10 | 11 | 12, id: string) => ({ serial, type, id });

describe('albumChangePlan (an album followed live, issue 14)', () => {
  it('others’ comments read the comments again, not the grid', () => {
    expect(
      albumChangePlan([change(5, 10, 'comment-a'), change(6, 10, 'comment-a')], false),
    ).toEqual({
      removed: [],
      files: false,
      comments: true,
      loved: [],
      everything: false,
    });
  });

  it('loves read the loved files’ love text, each file once', () => {
    const plan = albumChangePlan(
      [change(1, 12, 'f1'), change(2, 12, 'f2'), change(3, 12, 'f1')],
      false,
    );
    expect(plan.loved).toEqual(['f1', 'f2']);
    expect(plan.files).toBe(false);
    expect(plan.comments).toBe(false);
  });

  it('files added or removed refresh the grid; removed ones leave it at once', () => {
    const plan = albumChangePlan([change(1, 0, 'new'), change(2, 1, 'gone')], false);
    expect(plan.files).toBe(true);
    expect(plan.removed).toEqual(['gone']);
    expect(plan.everything).toBe(false);
  });

  it('an event, or changes that were lost, read everything again', () => {
    expect(albumChangePlan([change(1, 11, 'x')], false).everything).toBe(true);
    const lost = albumChangePlan([], true);
    expect(lost).toMatchObject({ files: true, comments: true, everything: true });
  });
});
