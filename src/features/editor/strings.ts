import en from '../../../locales/editor/en_US.json';
import { featureNamespace } from '../../i18n/namespace';

/**
 * The editor's texts are a namespace of their own (`editor`), loaded with the editor feature's
 * chunk rather than with the app's main texts: /photos does not carry them (bench/bundle).
 */
const editorTexts = featureNamespace('editor', en, {
  nb_NO: () => import('../../../locales/editor/nb_NO.json'),
  sv_SE: () => import('../../../locales/editor/sv_SE.json'),
  bg_BG: () => import('../../../locales/editor/bg_BG.json'),
});

export const EDITOR_NS = editorTexts.namespace;
export const installEditorStrings = editorTexts.install;
export const useEditorTranslation = editorTexts.useTranslation;
