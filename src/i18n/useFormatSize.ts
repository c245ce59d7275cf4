import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { splitSize } from '../domain/sizes';

/** Sizes in the SPEC §9 units (base 1024) with the locale's number format: "1,5 GB". */
export function useFormatSize(): (bytes: number) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (bytes: number) => {
      const { amount, unit } = splitSize(bytes);
      const format = new Intl.NumberFormat(i18n.language.replace(/_/g, '-'), {
        maximumFractionDigits: unit === 'Bytes' ? 0 : 1,
      });
      return t(`sizes.${unit}`, { amount: format.format(amount) });
    },
    [t, i18n.language],
  );
}
