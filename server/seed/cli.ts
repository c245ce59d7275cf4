// `npm run seed -- --files N [--users U] [--albums A] [--trash T] [--data DIR] [--seed S]`
import { parseArgs } from 'node:util';
import { isEmpty, openDb } from '../db/open';
import { DEMO_EMAIL, DEMO_PASSWORD, seedLibrary } from './seed';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '5000' },
    users: { type: 'string', default: '2' },
    albums: { type: 'string', default: '3' },
    trash: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
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
let lastReport = 0;
const result = await seedLibrary(db, {
  files,
  users: count('users', values.users, 1000),
  albums: count('albums', values.albums, 10_000),
  trash: count('trash', values.trash, 10_000_000),
  seed: count('seed', values.seed, 2 ** 31),
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
