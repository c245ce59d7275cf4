import en from '../../../locales/cast/en_US.json';
import { featureNamespace } from '../../i18n/namespace';

/** Cast's texts: a namespace loaded with the feature's chunk (the /photos bundle does not carry them). */
const castTexts = featureNamespace('cast', en, {
  nb_NO: () => import('../../../locales/cast/nb_NO.json'),
  sv_SE: () => import('../../../locales/cast/sv_SE.json'),
  bg_BG: () => import('../../../locales/cast/bg_BG.json'),
});

export const installCastStrings = castTexts.install;
export const useCastTranslation = castTexts.useTranslation;
