// Deep-merges new texts into the four locale files in one quick read-modify-write, so several
// people (or agents) adding keys at the same time do not overwrite each other's edits.
// Usage: node scripts/add-locale-keys.mjs texts.json [--area NAME]
//   --area NAME merges into a lazy area's files, locales/NAME/<locale>.json (i18n/areaTexts.ts).
//   texts.json = { "en_US": { "ns": { "key": "…" } }, "nb_NO": { … }, "sv_SE": { … }, "bg_BG": { … } }
// Existing keys are replaced by the new value; nothing is removed.
import { readFileSync, writeFileSync } from 'node:fs';

const LOCALES = ['en_US', 'nb_NO', 'sv_SE', 'bg_BG'];
const args = process.argv.slice(2);
const areaFlag = args.indexOf('--area');
const area = areaFlag >= 0 ? args.splice(areaFlag, 2)[1] : null;
const [file] = args;
if (!file || (areaFlag >= 0 && !area)) {
  console.error('usage: node scripts/add-locale-keys.mjs texts.json [--area NAME]');
  process.exit(2);
}
const texts = JSON.parse(readFileSync(file, 'utf8'));
const missing = LOCALES.filter((locale) => !texts[locale]);
if (missing.length > 0) {
  console.error(`texts for every locale are needed; missing: ${missing.join(', ')}`);
  process.exit(2);
}

function merge(target, source) {
  for (const [key, value] of Object.entries(source)) {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      if (!target[key] || typeof target[key] !== 'object') target[key] = {};
      merge(target[key], value);
    } else {
      target[key] = value;
    }
  }
}

for (const locale of LOCALES) {
  const path = new URL(`../locales/${area ? `${area}/` : ''}${locale}.json`, import.meta.url);
  const current = JSON.parse(readFileSync(path, 'utf8'));
  merge(current, texts[locale]);
  writeFileSync(path, `${JSON.stringify(current, null, 2)}\n`);
}
console.log(`merged into ${LOCALES.join(', ')}`);
