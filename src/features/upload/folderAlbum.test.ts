import { afterEach, describe, expect, it } from 'vitest';
import { dialogStore } from '../../state/dialogs';
import { folderUploadTarget, pickedFolder } from './folderAlbum';

const picked = (path: string) => {
  const file = new File(['x'], path.slice(path.lastIndexOf('/') + 1));
  Object.defineProperty(file, 'webkitRelativePath', { value: path });
  return { file };
};

/** Answers the dialog the prompt opens, once it is open. */
async function answer(confirmed: boolean) {
  const dialog = await new Promise<NonNullable<ReturnType<typeof head>>>((resolve) => {
    const open = head();
    if (open) return resolve(open);
    const stop = dialogStore.subscribe(() => {
      const next = head();
      if (next) {
        stop();
        resolve(next);
      }
    });
  });
  dialogStore.getState().settle(dialog.id, confirmed);
  return dialog;
}
const head = () => dialogStore.getState().queue[0];

afterEach(() => dialogStore.setState({ queue: [] }));

describe('album from an uploaded folder (SPEC §4: offered as a prompt)', () => {
  it('knows the folder when every file came from one, not for loose files', () => {
    expect(
      pickedFolder([picked('Holiday/a.jpg'), picked('Holiday/sub/b.jpg')].map((e) => e.file)),
    ).toBe('Holiday');
    expect(
      pickedFolder([picked('Holiday/a.jpg'), picked('Work/b.jpg')].map((e) => e.file)),
    ).toBeNull();
    expect(pickedFolder([new File(['x'], 'a.jpg')])).toBeNull();
    expect(pickedFolder([])).toBeNull();
  });

  it('asks, and on yes the files go to a new album named after the folder', async () => {
    const files = [picked('Holiday <2024>/a.jpg'), picked('Holiday <2024>/b.jpg')];
    const target = folderUploadTarget(files, { kind: 'timeline' }, () => 'temp-1');
    const dialog = await answer(true);
    expect(dialog).toMatchObject({
      kind: 'confirm',
      title: { key: 'upload.folderAlbum.title', values: { name: 'Holiday <2024>' } },
      body: { key: 'upload.folderAlbum.body', values: { count: 2 } },
    });
    expect(await target).toEqual({
      kind: 'pendingAlbum',
      tempID: 'temp-1',
      name: 'Holiday <2024>',
    });
  });

  it('on no, the files go where any upload from the page goes; loose files are not asked about', async () => {
    const fallback = { kind: 'job', jobId: 'album-1' } as const;
    const target = folderUploadTarget([picked('Holiday/a.jpg')], fallback);
    await answer(false);
    expect(await target).toBe(fallback);
    expect(await folderUploadTarget([{ file: new File(['x'], 'a.jpg') }], fallback)).toBe(fallback);
    expect(head()).toBeUndefined();
  });
});
