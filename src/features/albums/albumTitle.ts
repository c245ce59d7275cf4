import { isStorableText } from '../../api/contract/text';
import { TEXT_MAX } from '../../domain/constants';

/** SPEC §5 album title and user name: at most 255 characters, storable text (text.ts). */
export const ALBUM_TITLE_MAX = TEXT_MAX;

export type AlbumTitleProblem = 'required' | 'tooLong' | 'invalid';

/** The server counts UTF-16 units (zod's max); so does the client, so both refuse alike. */
const tooLong = (text: string) => text.length > ALBUM_TITLE_MAX;

/**
 * What is wrong with an album title, or null (SPEC §5): a shared album needs a title that is not
 * blank after trimming ("Album name is required for shared albums"); a private one may be blank
 * (shown as "Unnamed album"). Saving is disabled while there is a problem.
 */
export function albumTitleProblem(title: string, shared: boolean): AlbumTitleProblem | null {
  if (tooLong(title)) return 'tooLong';
  if (!isStorableText(title)) return 'invalid';
  if (shared && title.trim() === '') return 'required';
  return null;
}

/** SPEC §5: the user name asked for before creating a shared album: not blank, at most 255. */
export function userNameProblem(name: string): AlbumTitleProblem | null {
  if (name.trim() === '') return 'required';
  if (tooLong(name)) return 'tooLong';
  if (!isStorableText(name)) return 'invalid';
  return null;
}
