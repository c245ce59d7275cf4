import { describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../api/contract/documents';
import { groupDocuments, type MonthOf } from './documentGroups';

const utcMonth: MonthOf = (s) => {
  const d = new Date(s * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
};

const doc = (id: string, iso: string): DocumentFile => ({
  fileID: id,
  fileName: `${id}.pdf`,
  uploadedTime: Date.parse(iso) / 1000,
  size: 1,
});

describe('groupDocuments (SPEC §3 document group: header year-month, files)', () => {
  it('groups newest-first documents under one header per year-month', () => {
    const groups = groupDocuments(
      [
        doc('a', '2024-03-30T10:00:00Z'),
        doc('b', '2024-03-01T00:00:00Z'),
        doc('c', '2024-02-29T23:59:59Z'),
        doc('d', '2023-12-31T12:00:00Z'),
      ],
      utcMonth,
    );
    expect(groups.map((g) => [g.key, g.files.map((f) => f.fileID)])).toEqual([
      ['2024-03', ['a', 'b']],
      ['2024-02', ['c']],
      ['2023-12', ['d']],
    ]);
    expect(groups[2]).toMatchObject({ year: 2023, month: 12 });
  });

  it('never repeats a header when a month comes back', () => {
    const groups = groupDocuments(
      [
        doc('a', '2024-03-02T00:00:00Z'),
        doc('b', '2024-01-02T00:00:00Z'),
        doc('c', '2024-03-01T00:00:00Z'),
      ],
      utcMonth,
    );
    expect(groups.map((g) => g.key)).toEqual(['2024-03', '2024-01']);
    expect(groups[0].files.map((f) => f.fileID)).toEqual(['a', 'c']);
  });

  it('has no groups for no documents', () => {
    expect(groupDocuments([])).toEqual([]);
  });
});
