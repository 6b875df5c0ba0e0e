import { describe, expect, it } from 'vitest';
import {
  GAP_Y,
  groupRuns,
  layoutWorkflow,
  NODE_H,
  NODE_W,
  timelineBars,
  workflowDepths,
  workflowEdges,
  type TGraphCommand,
} from './workflow-graph.ts';

const cmd = (
  id: number,
  prerequisite: number | null = null,
  batchId: string | null = null,
  prerequisiteBatchId: string | null = null,
): TGraphCommand => ({ id, prerequisite, batchId, prerequisiteBatchId });

describe('workflow graph layout', () => {
  it('lays a chain out one command per depth, in order', () => {
    const chain = [cmd(3, 2), cmd(1), cmd(2, 1)];
    const l = layoutWorkflow(chain);
    expect(l.ordered.map((c) => c.id)).toEqual([1, 2, 3]);
    expect(l.nodes.map((n) => n.depth)).toEqual([0, 1, 2]);
    expect(l.nodes[2]!.y).toBe(2 * (NODE_H + GAP_Y));
    expect(l.width).toBe(NODE_W);
    expect(l.edges).toEqual([
      { from: 2, to: 3, kind: 'prerequisite' },
      { from: 1, to: 2, kind: 'prerequisite' },
    ]);
  });

  it('draws an edge from every member of a prerequisite batch and puts the fan-in below the deepest member', () => {
    const cs = [cmd(1, null, 'ingest'), cmd(2, null, 'ingest'), cmd(3, 1, 'ingest'), cmd(4, null, null, 'ingest')];
    const edges = workflowEdges(cs);
    expect(
      edges
        .filter((e) => e.to === 4)
        .map((e) => e.from)
        .sort(),
    ).toEqual([1, 2, 3]);
    const d = workflowDepths(cs);
    expect([d.get(1), d.get(2), d.get(3), d.get(4)]).toEqual([0, 0, 1, 2]);
    const l = layoutWorkflow(cs);
    const row0 = l.nodes.filter((n) => n.depth === 0);
    expect(row0.map((n) => n.index)).toEqual([0, 1]);
    // The single node of a narrower row is centred under the widest row.
    const n3 = l.nodes.find((n) => n.command.id === 3)!;
    expect(n3.x + NODE_W / 2).toBe(l.width / 2);
  });

  it('ignores missing prerequisites and survives cycles', () => {
    expect(workflowEdges([cmd(5, 99)])).toEqual([]);
    const l = layoutWorkflow([cmd(1, 2), cmd(2, 1)]);
    expect(l.nodes).toHaveLength(2);
    expect(layoutWorkflow([]).height).toBe(0);
  });
});

describe('timeline bars', () => {
  it('places waits and runs as percentages of the whole span', () => {
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s)).toISOString();
    const { bars } = timelineBars([
      { queuedDate: t(0), startedDate: t(0), completedDate: t(5) },
      { queuedDate: t(0), startedDate: t(5), completedDate: t(10) },
    ]);
    expect(bars[1]!.waitWidth).toBeCloseTo(50);
    expect(bars[1]!.runLeft).toBeCloseTo(50);
    expect(bars[1]!.runWidth).toBeCloseTo(50);
  });
});

describe('runs', () => {
  it('splits commands by correlation id, oldest run first', () => {
    const c = (id: number, correlationId: string | null, batchId: string | null = null) => ({
      ...cmd(id),
      correlationId,
      batchId,
    });
    const runs = groupRuns([c(8, 'r2'), c(2, 'r1'), c(1, 'r1'), c(7, 'r2'), c(9, null, 'b')]);
    expect(runs.map((r) => [r.key, r.commands.map((x) => x.id)])).toEqual([
      ['r1', [1, 2]],
      ['r2', [7, 8]],
      ['b', [9]],
    ]);
  });
});
