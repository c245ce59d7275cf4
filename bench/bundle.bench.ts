/*
 * Bundle bench: builds the production client (vite build, manifest: true) and measures the gzip
 * size of the JavaScript needed to show /photos — the entry chunk and its static imports, the
 * lazily imported TimelinePage chunk and its static imports, and the workers they start — and of
 * the whole build; lists the largest chunks and what fills the /photos chunks (by package).
 * Budgets come from bench/baselines.json (budgets.bundle). Writes bench/results/bundle.json;
 * exits 1 when a budget is exceeded. Run: npx tsx bench/bundle.bench.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { buildApp } from './support/build';
import {
  machine,
  printTargets,
  ROOT,
  round,
  step,
  target,
  versions,
  writeResult,
  type Headline,
} from './support/env';

const TIMELINE_PAGE = 'src/features/timeline/TimelinePage.tsx';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** Rendered bytes per module of each chunk, as the bundler reports them. */
const modulesByChunk = new Map<string, Map<string, number>>();
const moduleSizes: Plugin = {
  name: 'bench-module-sizes',
  generateBundle(_options, bundle) {
    for (const item of Object.values(bundle)) {
      if (item.type !== 'chunk') continue;
      const sizes = new Map<string, number>();
      for (const [id, info] of Object.entries(item.modules)) sizes.set(id, info.renderedLength);
      modulesByChunk.set(item.fileName, sizes);
    }
  },
};

const budgets = (
  JSON.parse(readFileSync(path.join(ROOT, 'bench', 'baselines.json'), 'utf8')) as {
    budgets: { bundle: { photosGzipKB: number; totalGzipKB: number } };
  }
).budgets.bundle;

const build = await buildApp('dist-bundle', {
  testHooks: false,
  manifest: true,
  plugins: [moduleSizes],
});
const manifest = JSON.parse(
  readFileSync(path.join(build.outDir, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

const kb = (bytes: number) => round(bytes / 1024, 1);
const sizeCache = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizeCache.get(file);
  if (!size) {
    const full = path.join(build.outDir, file);
    const bytes = readFileSync(full);
    // As served: the build's .br sibling (vite.config.ts precompress), else brotli here.
    const brotli = existsSync(`${full}.br`)
      ? readFileSync(`${full}.br`).length
      : brotliCompressSync(bytes).length;
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, brotli };
    sizeCache.set(file, size);
  }
  return size;
}

/** A manifest key and its static imports, transitively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('the manifest has no entry');
if (!manifest[TIMELINE_PAGE]) throw new Error(`${TIMELINE_PAGE} is not a chunk of its own`);
const photoKeys = staticClosure(TIMELINE_PAGE, staticClosure(entryKey));
const photoFiles = new Set([...photoKeys].map((key) => manifest[key].file));

// Workers are emitted as assets and started with new URL('…/x.worker-hash.js', import.meta.url).
const workerFiles = new Set<string>();
const pending = [...photoFiles];
while (pending.length > 0) {
  const code = readFileSync(path.join(build.outDir, pending.pop()!), 'utf8');
  for (const [name] of code.matchAll(/[\w.-]+\.worker-[\w-]+\.js/g)) {
    const file = `assets/${name}`;
    if (!workerFiles.has(file) && !photoFiles.has(file)) {
      workerFiles.add(file);
      pending.push(file);
    }
  }
}

const sum = (files: Iterable<string>) => {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const file of files) {
    const size = sizeOf(file);
    raw += size.raw;
    gzip += size.gzip;
    brotli += size.brotli;
  }
  return { rawKB: kb(raw), gzipKB: kb(gzip), brotliKB: kb(brotli) };
};
const allJs = readdirSync(path.join(build.outDir, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
const photoCss = [...new Set([...photoKeys].flatMap((key) => manifest[key].css ?? []))];

const photos = { ...sum([...photoFiles, ...workerFiles]), files: [...photoFiles, ...workerFiles] };
const photosMainThread = sum(photoFiles);
const total = { ...sum(allJs), files: allJs.length };
const largestChunks = allJs
  .map((file) => ({ file, rawKB: kb(sizeOf(file).raw), gzipKB: kb(sizeOf(file).gzip) }))
  .sort((a, b) => b.gzipKB - a.gzipKB)
  .slice(0, 10)
  .map((chunk) => ({
    ...chunk,
    forPhotos: photoFiles.has(chunk.file) || workerFiles.has(chunk.file),
  }));

/** What fills the /photos chunks: KB per package or folder, as rendered before minification. */
const byOwner = new Map<string, number>();
for (const file of photoFiles) {
  for (const [id, bytes] of modulesByChunk.get(file) ?? []) {
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
    const owner = inModules
      ? inModules[1]
      : path.relative(ROOT, id).split(path.sep).slice(0, 2).join('/');
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + bytes);
  }
}
const photosByPackage = [...byOwner]
  .sort((a, b) => b[1] - a[1])
  .slice(0, 12)
  .map(([owner, bytes]) => ({ owner, renderedKB: kb(bytes) }));

const targets = [
  target('/photos JavaScript, gzip KB', photos.gzipKB, budgets.photosGzipKB, '<='),
  target('whole build JavaScript, gzip KB', total.gzipKB, budgets.totalGzipKB, '<='),
];
const headlines: Headline[] = [
  { label: '/photos JS gzip (main thread + workers)', value: photos.gzipKB, unit: 'KB' },
  { label: 'whole build JS gzip', value: total.gzipKB, unit: 'KB' },
  { label: '/photos JS as served (brotli)', value: photos.brotliKB, unit: 'KB' },
  { label: 'largest chunk', value: `${largestChunks[0]?.file} ${largestChunks[0]?.gzipKB} KB` },
];
const file = writeResult('bundle', {
  machine: machine(),
  versions: versions(['vite', 'rolldown', 'three', 'react-dom', '@react-three/fiber']),
  setup: {
    build: 'vite build (vite.config.ts) with build.manifest, without test hooks',
    gzip: 'zlib level 9 per file',
    brotli: "as served: each file's .br sibling written by the build (quality 11)",
    photos: `entry (${entryKey}) + ${TIMELINE_PAGE}, each with its static imports, plus the workers they start`,
    buildSeconds: build.seconds,
  },
  figures: {
    photos,
    photosMainThread,
    photosWorkers: sum(workerFiles),
    photosCss: sum(photoCss),
    total,
    largestChunks,
    photosByPackage,
  },
  budgets,
  headlines,
  targets,
  targetsMet: targets.every((t) => t.met),
});
step(`wrote ${file}`);
console.table(largestChunks);
console.table(photosByPackage);
printTargets(targets);
if (!targets.every((t) => t.met)) process.exitCode = 1;
