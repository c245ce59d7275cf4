// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentFile } from '../../api/contract/documents';
import { i18next, initI18n } from '../../i18n';
import { DocumentList, ROW_PX } from './DocumentList';
import { groupDocuments } from './documentGroups';

beforeAll(async () => {
  await initI18n('en_US');
});
afterEach(cleanup);

/** 5,000 documents, ten a day, newest first: about 17 months of headers. */
function library(count: number): DocumentFile[] {
  const newest = Date.UTC(2025, 5, 30) / 1000;
  return Array.from({ length: count }, (_, i) => ({
    fileID: `doc-${i}`,
    fileName: `Report ${i}.pdf`,
    uploadedTime: newest - Math.floor(i / 10) * 86_400,
    size: 1000 + i,
  }));
}

describe('DocumentList (virtualised)', () => {
  it('renders a bounded number of rows for 5,000 documents, the first ones first', () => {
    const groups = groupDocuments(library(5000));
    render(
      <I18nextProvider i18n={i18next}>
        <DocumentList
          groups={groups}
          selected={new Set()}
          deleting={new Set()}
          selectMode={false}
          onToggle={() => undefined}
          onDownload={() => undefined}
        />
      </I18nextProvider>,
    );
    const rows = screen.getAllByTestId('document-row');
    // jsdom's window is 768 px tall: a viewport of rows plus the overscan, never thousands.
    const perViewport = Math.ceil(window.innerHeight / ROW_PX);
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThanOrEqual(perViewport + 2 * 8);
    expect(rows[0].getAttribute('data-file-id')).toBe('doc-0');
    // The list is as tall as all 5,000 rows and their headers, so the scrollbar tells the truth.
    const height = parseFloat(screen.getByRole('list').style.height);
    expect(height).toBeGreaterThanOrEqual(5000 * ROW_PX);
  });
});
