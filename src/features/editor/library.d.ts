// The editor library's English texts, which our tables must cover key for key
// (libraryLanguage.test.ts). The library publishes no types for this module.
declare module 'react-filerobot-image-editor/lib/context/defaultTranslations' {
  const translations: Readonly<Record<string, string>>;
  export default translations;
}
