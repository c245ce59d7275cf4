// Reading the archives the app downloads (yauzl): each entry's name and the SHA-1 of its bytes.
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';

/** The entries of a zip: name (with its folders) and SHA-1 of the bytes, in archive order. */
export function unzip(file: string): Promise<{ name: string; sha1: string }[]> {
  return new Promise((resolve, reject) => {
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries: { name: string; sha1: string }[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const hash = createHash('sha1');
          stream.on('data', (chunk: Buffer) => hash.update(chunk));
          stream.on('end', () => {
            entries.push({ name: entry.fileName, sha1: hash.digest('hex') });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The names of a zip's entries without their folders, sorted. */
export async function zipNames(file: string): Promise<string[]> {
  return (await unzip(file)).map((entry) => entry.name.replace(/^.*\//, '')).sort();
}
