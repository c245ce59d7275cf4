// `npm run seed -- --files N [--users U] [--albums A] [--trash T] [--shape S] [--data DIR] [--seed S]`
// Shapes: mixed (default), kinds, extreme, sparse, bigMonth, bigDay (server/seed/files.ts LIBRARY_SHAPES).
import { parseArgs } from 'node:util';
import { isEmpty, openDb } from '../db/open';
import { LIBRARY_SHAPES, type LibraryShape } from './files';
import { DEMO_EMAIL, DEMO_PASSWORD, seedLibrary } from './seed';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    users: { type: 'string', default: '2' },
    albums: { type: 'string', default: '3' },
    trash: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    shape: { type: 'string', default: 'mixed' },
    data: { type: 'string', default: process.env.DATA_DIR ?? './data' },
  },
});

function count(name: string, value: string, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    console.error(`--${name} must be a whole number from 0 to ${max}`);
    process.exit(2);
  }
  return n;
}

const db = openDb(values.data);
if (!isEmpty(db)) {
  console.error(`${values.data} already holds a library; seed into an empty --data directory.`);
  process.exit(1);
}
const files = count('files', values.files, 10_000_000);
if (!(LIBRARY_SHAPES as readonly string[]).includes(values.shape)) {
  console.error(`--shape must be one of ${LIBRARY_SHAPES.join(', ')}`);
  process.exit(2);
}
const shape = values.shape as LibraryShape;
let lastReport = 0;
const result = await seedLibrary(db, {
  files,
  users: count('users', values.users, 1000),
  albums: count('albums', values.albums, 10_000),
  trash: count('trash', values.trash, 10_000_000),
  seed: count('seed', values.seed, 2 ** 31),
  shape,
  onProgress(inserted, total) {
    if (performance.now() - lastReport > 2000) {
      lastReport = performance.now();
      console.log(`  ${inserted.toLocaleString('en')} / ${total.toLocaleString('en')} files`);
    }
  },
});
db.close();
console.log(
  `Seeded ${result.files.toLocaleString('en')} files into ${values.data} in ` +
    `${(result.ms / 1000).toFixed(1)} s. Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}.`,
);
