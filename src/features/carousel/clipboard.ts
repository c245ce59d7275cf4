/**
 * SPEC §6 "Copy shown only for images and when the clipboard is supported"; SPEC §7 "Thumbnail
 * fetch at large size as blob for clipboard copy (PNG)". Browsers take only PNG images on the
 * clipboard, so the 1280 JPEG is redrawn as PNG first.
 */
export function canCopyImages(): boolean {
  if (typeof ClipboardItem === 'undefined' || !navigator.clipboard?.write) return false;
  const supports = (ClipboardItem as unknown as { supports?: (type: string) => boolean }).supports;
  return supports ? supports('image/png') : true;
}

async function toPng(blob: Blob): Promise<Blob> {
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context for the clipboard image');
    context.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/png' });
  } finally {
    bitmap.close();
  }
}

/** Copies the image at `url` (the 1280 thumbnail) to the clipboard as PNG. */
export async function copyImageToClipboard(url: string): Promise<void> {
  // The clipboard item is created at once, inside the click, with a promise of its content:
  // Safari refuses a write that starts after an await.
  const png = fetch(url)
    .then((response) => {
      if (!response.ok) throw new Error(`Thumbnail answered ${response.status}`);
      return response.blob();
    })
    .then(toPng);
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
