import heart from './stickers/heart.svg?url';
import smile from './stickers/smile.svg?url';
import star from './stickers/star.svg?url';
import sun from './stickers/sun.svg?url';
import { EditorError } from './errors';
import { seamUrl } from './testSeams';

/** The stickers the editor offers: our own drawings, served from our origin (CSP img-src). */
export const STICKERS = [
  { id: 'heart', url: heart },
  { id: 'star', url: star },
  { id: 'sun', url: sun },
  { id: 'smile', url: smile },
] as const;

export type StickerId = (typeof STICKERS)[number]['id'];

/** Loads a sticker for the canvas; a failure is a `stickerLoading` error. */
export async function loadSticker(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.src = seamUrl('sticker', url);
  try {
    await image.decode();
  } catch (error) {
    throw new EditorError('stickerLoading', 'the sticker did not load', { cause: error });
  }
  return image;
}
