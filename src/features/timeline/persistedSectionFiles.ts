import type { IDBPDatabase } from 'idb';
import type { SectionCounts, SectionFiles } from '../../gallery';
import { SECTIONS_STORE } from '../../platform/offlineData';
import { yieldToEventLoop } from '../../platform/yieldToEventLoop';

/**
 * A section's files as the persisted timeline (persistedTimeline.ts) keeps them in IndexedDB:
 * packed (one JSON string per string column) and, for a section of thousands, in chunks of
 * records (issue 34.10). A section's counts and files as they are read back.
 */
export interface StoredSection {
  counts: SectionCounts;
  files: SectionFiles;
}

/** A section's files as stored: the string columns as one JSON string each. */
export interface PackedFiles extends Omit<SectionFiles, 'ids' | 'paths'> {
  ids: string;
  paths?: string;
}

/** A section of up to SECTION_CHUNK_FILES files: one record under the section's key. */
interface SectionRecord {
  counts: SectionCounts;
  /** Packed (packFiles) since issue 34.10; records of before hold the columns as they are. */
  files: SectionFiles | PackedFiles;
}

/** A larger section, under the section's key: how many chunk records hold its files. */
interface SectionHead {
  counts: SectionCounts;
  chunks: number;
  /** The write the head ends; each chunk of that write carries it too. */
  stamp: number;
}

/** SECTION_CHUNK_FILES files of a larger section, in order (chunkKey). */
interface ChunkRecord {
  stamp: number;
  files: PackedFiles;
}

/** Strings a slice of packFilesInSlices writes (a few ms on an idle machine). */
export const PACKED_PER_TASK = 1000;

/**
 * Files a record holds at most. IndexedDB clones a record on the main thread when it is put and
 * when it is read (structured clone), in one task: a day holding a whole import (70,000 files)
 * was a 64–72 ms put in Chromium, where a record of 6,000 files is ~9 ms (issue 34.10). A larger
 * section is written as chunk records of this many, a put a task, and read a get a task.
 */
export const SECTION_CHUNK_FILES = 5000;

/**
 * IndexedDB copies a record on the main thread when it is put (structured clone), string by
 * string: a day of a 70,000-photo month (6,000 files, an id and a path each) took a long task of
 * its own (bench/hugeMonth.bench.ts). One JSON string per column is one copy, and typed arrays
 * are copied whole. Each string is the JSON of its whole column, written a slice a task with a
 * yield to the event loop between (issue 34.10: JSON.stringify of the day's ids and paths, and
 * the put, were one long task with the files' check).
 */
export async function packFilesInSlices(files: SectionFiles): Promise<PackedFiles> {
  const { ids, paths, ...columns } = files;
  const packedIds = await jsonInSlices(ids);
  const packedPaths = paths ? await jsonInSlices(paths) : undefined;
  return {
    ...columns,
    ids: packedIds,
    ...(packedPaths !== undefined ? { paths: packedPaths } : {}),
  };
}

/** JSON.stringify(values) for strings, PACKED_PER_TASK of them a task. */
async function jsonInSlices(values: readonly string[]): Promise<string> {
  const parts: string[] = [];
  for (let from = 0; from < values.length; from += PACKED_PER_TASK) {
    if (from > 0) await yieldToEventLoop();
    // '[a,b]' less its brackets: the parts joined by ',' are the whole array's elements.
    parts.push(JSON.stringify(values.slice(from, from + PACKED_PER_TASK)).slice(1, -1));
  }
  return `[${parts.join(',')}]`;
}

/** The files of a stored record, packed or (an older record) not. */
export function unpackFiles(stored: SectionFiles | PackedFiles): SectionFiles {
  if (typeof stored.ids !== 'string') return stored as SectionFiles;
  const { ids, paths, ...columns } = stored as PackedFiles;
  return {
    ...columns,
    ids: JSON.parse(ids) as string[],
    ...(paths !== undefined ? { paths: JSON.parse(paths) as string[] } : {}),
  };
}

/**
 * The key of chunk `index` of the section stored under `key` (`${scope}\n${sectionKey}`). A
 * section's key (`YYYY-M-D`) has no line break nor '#', so no section's record falls among
 * another's chunks, nor in deleteChunks' range.
 */
export function chunkKey(key: string, index: number): string {
  return `${key}\n#${index}`;
}

/**
 * Deletes every chunk of a section, whatever their count: those of a larger write of before are
 * not used by the next. Best effort: stamps keep a chunk left over from being read, deleting keeps
 * the store small.
 */
async function deleteChunks(db: IDBPDatabase, key: string): Promise<void> {
  try {
    const chunks = IDBKeyRange.bound(`${key}\n#`, `${key}\n#\uffff`);
    await db.delete(SECTIONS_STORE, chunks);
  } catch {
    // Left in the store, unread.
  }
}

/**
 * Writes a section under `key` (its scope and section key): one record up to
 * SECTION_CHUNK_FILES files, else its chunks first and then a head naming them, a put a task.
 * A head and its chunks share a stamp: a write interrupted (the page closed) or overlapped by
 * another of the same section is not read back (readSection). Throws where a put fails.
 */
export async function writeSection(
  db: IDBPDatabase,
  key: string,
  counts: SectionCounts,
  files: SectionFiles,
): Promise<void> {
  await yieldToEventLoop();
  await deleteChunks(db, key);
  const total = files.ids.length;
  if (total <= SECTION_CHUNK_FILES) {
    const record: SectionRecord = { counts, files: await packFilesInSlices(files) };
    await yieldToEventLoop();
    await db.put(SECTIONS_STORE, record, key);
    return;
  }
  const stamp = Math.random();
  const chunks = Math.ceil(total / SECTION_CHUNK_FILES);
  for (let index = 0; index < chunks; index++) {
    const from = index * SECTION_CHUNK_FILES;
    if (index > 0) await yieldToEventLoop();
    const chunk: ChunkRecord = {
      stamp,
      files: await packFilesInSlices(sliceFiles(files, from, from + SECTION_CHUNK_FILES)),
    };
    await yieldToEventLoop();
    await db.put(SECTIONS_STORE, chunk, chunkKey(key, index));
  }
  const head: SectionHead = { counts, chunks, stamp };
  await yieldToEventLoop();
  await db.put(SECTIONS_STORE, head, key);
}

/**
 * The section stored under `key`, its chunks read a get a task; undefined where there is none,
 * or a chunk is missing or of another write (the section is fetched again). Throws where a get
 * fails.
 */
export async function readSection(
  db: IDBPDatabase,
  key: string,
): Promise<StoredSection | undefined> {
  const record = (await db.get(SECTIONS_STORE, key)) as SectionRecord | SectionHead | undefined;
  if (!record) return undefined;
  if (!('chunks' in record)) return { counts: record.counts, files: unpackFiles(record.files) };
  const parts: SectionFiles[] = [];
  for (let index = 0; index < record.chunks; index++) {
    await yieldToEventLoop();
    const chunk = (await db.get(SECTIONS_STORE, chunkKey(key, index))) as ChunkRecord | undefined;
    if (chunk?.stamp !== record.stamp) return undefined;
    parts.push(unpackFiles(chunk.files));
  }
  await yieldToEventLoop();
  return { counts: record.counts, files: joinFiles(parts) };
}

type Column = readonly string[] | Float32Array | Float64Array | Uint8Array;
type TypedColumn = Exclude<Column, readonly string[]>;

/** Files `from` to `to` of every column (all of them: a column added later is kept). */
function sliceFiles(files: SectionFiles, from: number, to: number): SectionFiles {
  const sliced: Record<string, Column> = {};
  for (const [name, column] of Object.entries(files) as [string, Column | undefined][]) {
    // slice, not subarray: a view is cloned with its whole buffer (the whole day's, each chunk).
    if (column !== undefined) sliced[name] = column.slice(from, to);
  }
  return sliced as unknown as SectionFiles;
}

/** The chunks' files as one section's: each column joined in order. */
function joinFiles(parts: readonly SectionFiles[]): SectionFiles {
  const joined: Record<string, Column> = {};
  const columns = (part: SectionFiles) => part as unknown as Record<string, Column | undefined>;
  for (const [name, first] of Object.entries(columns(parts[0]))) {
    if (first === undefined) continue;
    const all = parts.map((part) => columns(part)[name]);
    if (all.some((column) => column === undefined)) throw new Error(`chunk without ${name}`);
    joined[name] = Array.isArray(first)
      ? ([] as string[]).concat(...(all as string[][]))
      : joinTyped(all as TypedColumn[]);
  }
  return joined as unknown as SectionFiles;
}

function joinTyped(columns: readonly TypedColumn[]): TypedColumn {
  const length = columns.reduce((sum, column) => sum + column.length, 0);
  const joined = new (columns[0].constructor as new (length: number) => TypedColumn)(length);
  let at = 0;
  for (const column of columns) {
    joined.set(column, at);
    at += column.length;
  }
  return joined;
}
