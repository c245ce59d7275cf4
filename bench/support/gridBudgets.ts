// The scroll bench's budgets for a grid drawn by the engine (the album's, the trash's): script and
// long frames (reported in quick runs, see Target.timing), draw calls, heap, DOM nodes and every
// jump showing thumbnails. Each check is named `${label}: …`.
import { target, type Target } from './env';
import type { ScriptFigures, ScrollPlan } from './scrollScript';

export function gridBudgets(
  label: string,
  figures: ScriptFigures,
  plan: ScrollPlan,
): { drawCalls: number; heapMB: number; targets: Target[] } {
  const drawCalls = Math.max(0, ...figures.phases.map((p) => Number(p.engine?.maxDrawCalls ?? 0)));
  const heapMB = Math.max(figures.heapAfterGcMB.afterLoad, figures.heapAfterGcMB.afterScript);
  const targets = [
    target(`${label}: script time per frame p95 (ms)`, figures.overall.scriptMs.p95, 4, '<=', {
      timing: true,
    }),
    target(`${label}: long animation frames (> 50 ms)`, figures.overall.longFrames, 0, '<=', {
      timing: true,
    }),
    target(`${label}: draw calls per frame (max)`, drawCalls, 5, '<='),
    target(`${label}: JS heap after GC (MB)`, heapMB, 150, '<='),
    target(`${label}: DOM nodes (max)`, figures.domNodes.max, 1000, '<='),
    target(
      `${label}: jumps showing thumbnails (of ${plan.jumps})`,
      figures.jumps.samplesMs.length,
      plan.jumps,
      '>=',
    ),
  ];
  return { drawCalls, heapMB, targets };
}
