/** Test fixtures of the kit's tests: file `i` as GET /jobs/{id}/files lists it (newest first). */
export const listedFile = (i: number, type = 'picture') => ({
  id: `f-${i}`,
  path: `IMG_${i}.jpg`,
  ctime: 1_700_000_000 - i,
  mtime: 1_700_000_000,
  size: 1000 + i,
  width: 4032,
  height: 3024,
  type,
});
