import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../api/contract/documents';
import { withoutDocuments } from './useDocuments';

const doc = (id: string): DocumentFile => ({
  fileID: id,
  fileName: `${id}.pdf`,
  uploadedTime: 0,
  size: 1,
});

describe('withoutDocuments', () => {
  it('drops the documents, lowers the total and moves later page offsets back', () => {
    const data = {
      pages: [
        { documents: [doc('a'), doc('b'), doc('c')], total: 7 },
        { documents: [doc('d'), doc('e'), doc('f')], total: 7 },
      ],
      pageParams: [0, 3],
    };
    const next = withoutDocuments(data, new Set(['b', 'e']));
    expect(next.pages.map((p) => p.documents.map((d) => d.fileID))).toEqual([
      ['a', 'c'],
      ['d', 'f'],
    ]);
    expect(next.pages.map((p) => p.total)).toEqual([5, 5]);
    // 'b' left page 1, so page 2 now starts at server offset 2; the next page after it at 4.
    expect(next.pageParams).toEqual([0, 2]);
    expect(next.pageParams[1] + next.pages[1].documents.length).toBe(4);
  });

  it('changes nothing for ids that are not loaded', () => {
    const data = { pages: [{ documents: [doc('a')], total: 1 }], pageParams: [0] };
    expect(withoutDocuments(data, new Set(['z']))).toEqual(data);
  });
});
