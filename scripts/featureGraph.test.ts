// The folder-level import graph of src/features has no cycle (issue 35, structure review §7.2):
// the kit every page of photos shares (photoGrid) and the small shared features sit below the
// pages that use them, and nothing below imports back up. Static imports and type imports count;
// a lazy `import()` does not (it loads a chunk on demand and is how a page reaches another's UI).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const FEATURES = path.resolve('src/features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Each feature folder and the other feature folders its modules import statically. */
export function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const area of readdirSync(FEATURES, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    const edges = new Set<string>();
    for (const file of sourceFiles(path.join(FEATURES, area.name))) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/^\s*(?:import|export)\b[^;]*?from\s+'([^']+)'/gms)) {
        const specifier = match[1];
        if (!specifier.startsWith('.')) continue;
        const target = path.relative(FEATURES, path.resolve(path.dirname(file), specifier));
        const other = target.split(path.sep)[0];
        if (!target.startsWith('..') && other !== area.name && other) edges.add(other);
      }
    }
    graph.set(area.name, edges);
  }
  return graph;
}

/** A cycle of the graph as a path (first node repeated at the end), or null. */
export function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node];
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('src/features folder graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['timeline', new Set(['carousel'])],
      ['carousel', new Set(['photoGrid'])],
      ['photoGrid', new Set(['timeline'])],
    ]);
    expect(findCycle(graph)).toEqual(['timeline', 'carousel', 'photoGrid', 'timeline']);
    expect(
      findCycle(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set<string>()],
        ]),
      ),
    ).toBeNull();
  });

  it('reads the imports of the real tree', () => {
    const graph = featureGraph();
    expect(graph.get('timeline')).toContain('photoGrid');
    expect(graph.get('albums')).toContain('photoGrid');
  });

  it('has no cycle', () => {
    expect(findCycle(featureGraph())).toBeNull();
  });
});
