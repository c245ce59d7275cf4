/** The longest ending read as an extension (".jpeg", ".docx", ".numbers"), dot included. */
const EXTENSION_MAX = 10;

/**
 * A document's name cut before its extension ("Annual report 2024", ".pdf"), so a row can
 * shorten the first part and keep the extension in view (issue 34.7: long names were cut
 * before the extension, and "Annual report 2024 fin…" said nothing of the kind of file). A name
 * without one, or that is only an extension (".bashrc"), is all stem.
 */
export function fileNameParts(name: string): { stem: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot > EXTENSION_MAX || /\s/.test(name.slice(dot))) {
    return { stem: name, extension: '' };
  }
  return { stem: name.slice(0, dot), extension: name.slice(dot) };
}
