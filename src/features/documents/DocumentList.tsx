import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentFile } from '../../api/contract/documents';
import { useFormatSize } from '../../i18n/useFormatSize';
import type { DocumentGroup } from './documentGroups';
import { fileNameParts } from './fileNameParts';
import './DocumentsPage.css';

/** Fixed heights (the CSS holds them too): no measuring, so thousands of rows cost nothing. */
export const ROW_PX = 48;
export const HEADER_PX = 56;
/** Rows rendered beyond the viewport on each side, so fast scrolling shows no blank rows. */
const OVERSCAN = 8;

type Item =
  | { kind: 'header'; key: string; year: number; month: number }
  | { kind: 'row'; key: string; doc: DocumentFile };

/** The groups as one list of headers and rows, in order. */
export function flattenGroups(groups: readonly DocumentGroup[]): Item[] {
  const items: Item[] = [];
  for (const group of groups) {
    items.push({ kind: 'header', key: `h-${group.key}`, year: group.year, month: group.month });
    for (const doc of group.files) items.push({ kind: 'row', key: doc.fileID, doc });
  }
  return items;
}

export interface DocumentListProps {
  groups: readonly DocumentGroup[];
  selected: ReadonlySet<string>;
  deleting: ReadonlySet<string>;
  selectMode: boolean;
  onToggle: (id: string) => void;
  onDownload: (doc: DocumentFile) => void;
}

/**
 * The documents under their year-month headers, virtualised over the window's scroll (issue 21:
 * libraries hold thousands of documents): only the rows near the viewport are in the DOM.
 */
export function DocumentList(props: DocumentListProps) {
  const { t, i18n } = useTranslation();
  const items = useMemo(() => flattenGroups(props.groups), [props.groups]);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(top + window.scrollY);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count: items.length,
    estimateSize: (index) => (items[index].kind === 'header' ? HEADER_PX : ROW_PX),
    overscan: OVERSCAN,
    scrollMargin,
    getItemKey: (index) => items[index].key,
  });
  const locale = i18n.language.replace(/_/g, '-');
  const formats = useMemo(
    () => ({
      header: new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long' }),
      date: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
    }),
    [locale],
  );

  return (
    <ul
      ref={listRef}
      className="documents-list"
      aria-label={t('documents.title')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((virtual) => {
        const item = items[virtual.index];
        const style = {
          transform: `translateY(${virtual.start - virtualizer.options.scrollMargin}px)`,
        };
        if (item.kind === 'header') {
          return (
            <li
              key={virtual.key}
              className="documents-list__item documents-group"
              style={style}
              data-testid="documents-group"
            >
              <h2 className="documents-group__header">
                {formats.header.format(new Date(item.year, item.month - 1, 1))}
              </h2>
            </li>
          );
        }
        return (
          <DocumentRow
            key={virtual.key}
            style={style}
            doc={item.doc}
            dateFormat={formats.date}
            {...props}
          />
        );
      })}
    </ul>
  );
}

/** A name shortened in its middle: the start, an ellipsis, the extension (always in view). */
function FileName({ name }: { name: string }) {
  const { stem, extension } = fileNameParts(name);
  return (
    <>
      <span className="documents-row__stem">{stem}</span>
      {extension ? <span className="documents-row__extension">{extension}</span> : null}
    </>
  );
}

function DocumentRow({
  doc,
  style,
  dateFormat,
  selected,
  deleting,
  selectMode,
  onToggle,
  onDownload,
}: DocumentListProps & {
  doc: DocumentFile;
  style: React.CSSProperties;
  dateFormat: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation();
  const formatSize = useFormatSize();
  const isSelected = selected.has(doc.fileID);
  const isDeleting = deleting.has(doc.fileID);
  const checkboxId = `document-${doc.fileID}`;
  return (
    <li
      className={`documents-list__item documents-row${isSelected ? ' documents-row--selected' : ''}${
        isDeleting ? ' documents-row--deleting' : ''
      }`}
      style={style}
      data-testid="document-row"
      data-file-id={doc.fileID}
      aria-busy={isDeleting}
      onClick={(event) => {
        // Select mode: a click anywhere on the row toggles it (SPEC §2 select mode).
        if (!selectMode || isDeleting) return;
        if ((event.target as HTMLElement).closest('input, button, label')) return;
        onToggle(doc.fileID);
      }}
    >
      <input
        id={checkboxId}
        type="checkbox"
        className="documents-row__check"
        checked={isSelected}
        disabled={isDeleting}
        onChange={() => onToggle(doc.fileID)}
        aria-label={t('documents.selectFile', { name: doc.fileName })}
      />
      <span className="documents-row__icon" aria-hidden="true" />
      {selectMode ? (
        <label htmlFor={checkboxId} className="documents-row__name" title={doc.fileName}>
          <FileName name={doc.fileName} />
        </label>
      ) : (
        <button
          type="button"
          className="documents-row__name documents-row__name--action"
          disabled={isDeleting}
          aria-label={t('documents.downloadFile', { name: doc.fileName })}
          title={doc.fileName}
          onClick={() => onDownload(doc)}
        >
          <FileName name={doc.fileName} />
        </button>
      )}
      <span className="documents-row__meta">
        {formatSize(doc.size)}
        <span aria-hidden="true">{' · '}</span>
        <time dateTime={new Date(doc.uploadedTime * 1000).toISOString()}>
          {dateFormat.format(new Date(doc.uploadedTime * 1000))}
        </time>
      </span>
    </li>
  );
}
