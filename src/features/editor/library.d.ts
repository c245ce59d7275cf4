// The editor library's English texts, which our tables must cover key for key
// (libraryLanguage.test.ts). The library publishes no types for this module.
declare module 'react-filerobot-image-editor/lib/context/defaultTranslations' {
  const translations: Readonly<Record<string, string>>;
  export default translations;
}

// The library's filter list (Filters tab): its entries' functions are Konva filters. Read by
// greyscale.ts, which makes "Black & White" a greyscale filter.
declare module 'react-filerobot-image-editor/lib/components/tools/Filters/Filters.constants' {
  export const AVAILABLE_FILTERS: { label: string; filterFn: unknown }[];
}
