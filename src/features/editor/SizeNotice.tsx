import { EDITOR_MAX_PIXELS } from '../../domain/constants';
import { megapixels } from '../../domain/editorSize';
import { useEditorTranslation } from './strings';
import type { SizeWarning } from './useEditorImages';
import './Editor.css';

/** SPEC §5: the warning that the copy will be smaller than the original, shown before saving. */
export function SizeNotice({ warning }: { warning: SizeWarning | null }) {
  const { t, i18n } = useEditorTranslation();
  if (!warning) return null;
  const number = (value: number) => value.toLocaleString(i18n.language.replace('_', '-'));
  const text =
    warning.kind === 'resized'
      ? t('resizeWarning', {
          megapixels: number(megapixels(warning.from)),
          limit: number(megapixels({ width: EDITOR_MAX_PIXELS, height: 1 })),
          width: warning.to.width,
          height: warning.to.height,
        })
      : warning.kind === 'smaller'
        ? t('smallerWarning', {
            fullWidth: warning.from.width,
            fullHeight: warning.from.height,
            width: warning.to.width,
            height: warning.to.height,
          })
        : t('previewWarning', { width: warning.size.width, height: warning.size.height });
  return (
    <p className="editor__notice" role="status" data-testid="editor-size-warning">
      {text}
    </p>
  );
}
