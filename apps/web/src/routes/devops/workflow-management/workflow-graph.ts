/**
 * Layout of a job's commands as a graph of prerequisites (pure, unit-tested). Edges run from a command's
 * prerequisite, and from every member of its prerequisite batch, to the command. Depth is the longest path
 * from a root; rows (top to bottom) are depths, and the commands of one depth sit side by side, centred.
 * Unknown prerequisites (not in the list) and cycles are ignored rather than looping.
 */
export interface TGraphCommand {
  id: number;
  prerequisite: number | null;
  batchId: string | null;
  prerequisiteBatchId: string | null;
}

export interface TGraphEdge {
  from: number;
  to: number;
  kind: 'prerequisite' | 'batch';
}

export interface TPlacedNode<T> {
  command: T;
  depth: number;
  index: number;
  x: number;
  y: number;
}

export interface TGraphLayout<T> {
  nodes: TPlacedNode<T>[];
  edges: TGraphEdge[];
  width: number;
  height: number;
  /** Commands in execution order: by depth, then id. */
  ordered: T[];
}

export const NODE_W = 236;
export const NODE_H = 88;
export const GAP_X = 24;
export const GAP_Y = 44;

export function workflowEdges<T extends TGraphCommand>(commands: readonly T[]): TGraphEdge[] {
  const ids = new Set(commands.map((c) => c.id));
  const edges: TGraphEdge[] = [];
  for (const c of commands) {
    if (c.prerequisite !== null && ids.has(c.prerequisite) && c.prerequisite !== c.id)
      edges.push({ from: c.prerequisite, to: c.id, kind: 'prerequisite' });
    if (c.prerequisiteBatchId) {
      for (const m of commands) {
        if (m.id !== c.id && m.batchId === c.prerequisiteBatchId && m.id !== c.prerequisite)
          edges.push({ from: m.id, to: c.id, kind: 'batch' });
      }
    }
  }
  return edges;
}

export function workflowDepths<T extends TGraphCommand>(
  commands: readonly T[],
  edges = workflowEdges(commands),
): Map<number, number> {
  const parents = new Map<number, number[]>();
  for (const e of edges) parents.set(e.to, [...(parents.get(e.to) ?? []), e.from]);
  const depth = new Map<number, number>();
  const visiting = new Set<number>();
  const visit = (id: number): number => {
    const known = depth.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return 0; // cycle: break it here
    visiting.add(id);
    const ps = parents.get(id) ?? [];
    const d = ps.length === 0 ? 0 : 1 + Math.max(...ps.map(visit));
    visiting.delete(id);
    depth.set(id, d);
    return d;
  };
  for (const c of commands) visit(c.id);
  return depth;
}

export function layoutWorkflow<T extends TGraphCommand>(commands: readonly T[]): TGraphLayout<T> {
  const edges = workflowEdges(commands);
  const depth = workflowDepths(commands, edges);
  const rows = new Map<number, T[]>();
  for (const c of commands) {
    const d = depth.get(c.id) ?? 0;
    rows.set(d, [...(rows.get(d) ?? []), c]);
  }
  for (const r of rows.values()) r.sort((a, b) => a.id - b.id);
  const widest = Math.max(0, ...[...rows.values()].map((r) => r.length));
  const width = widest === 0 ? 0 : widest * NODE_W + (widest - 1) * GAP_X;
  const depths = [...rows.keys()].sort((a, b) => a - b);
  const nodes: TPlacedNode<T>[] = [];
  depths.forEach((d, rowIndex) => {
    const row = rows.get(d)!;
    const rowWidth = row.length * NODE_W + (row.length - 1) * GAP_X;
    const offset = (width - rowWidth) / 2;
    row.forEach((command, index) =>
      nodes.push({ command, depth: d, index, x: offset + index * (NODE_W + GAP_X), y: rowIndex * (NODE_H + GAP_Y) }),
    );
  });
  const height = depths.length === 0 ? 0 : depths.length * NODE_H + (depths.length - 1) * GAP_Y;
  return { nodes, edges, width, height, ordered: nodes.map((n) => n.command) };
}

/** SVG path of an edge: from the bottom centre of `from` to the top centre of `to`. */
export function edgePath(from: { x: number; y: number }, to: { x: number; y: number }): string {
  const x1 = from.x + NODE_W / 2;
  const y1 = from.y + NODE_H;
  const x2 = to.x + NODE_W / 2;
  const y2 = to.y;
  const my = (y1 + y2) / 2;
  return `M ${x1} ${y1} C ${x1} ${my}, ${x2} ${my}, ${x2} ${y2}`;
}

/** Timeline bounds and bar positions (percent of the span) for queued → started → completed. */
export function timelineBars<
  T extends { queuedDate: string; startedDate: string | null; completedDate: string | null },
>(commands: readonly T[], now = Date.now()) {
  const t = (s: string | null) => (s ? Date.parse(s) : NaN);
  const starts = commands.map((c) => t(c.queuedDate)).filter(Number.isFinite);
  const ends = commands
    .map((c) => (c.completedDate ? t(c.completedDate) : c.startedDate ? now : t(c.queuedDate)))
    .filter(Number.isFinite);
  if (starts.length === 0)
    return {
      start: 0,
      end: 0,
      bars: commands.map((command) => ({ command, waitLeft: 0, waitWidth: 0, runLeft: 0, runWidth: 0 })),
    };
  const start = Math.min(...starts);
  const end = Math.max(start + 1, ...ends);
  const pct = (v: number) => (100 * (v - start)) / (end - start);
  const bars = commands.map((c) => {
    const q = t(c.queuedDate);
    const s = c.startedDate ? t(c.startedDate) : NaN;
    const e = c.completedDate ? t(c.completedDate) : Number.isFinite(s) ? now : NaN;
    const waitEnd = Number.isFinite(s) ? s : c.completedDate ? t(c.completedDate) : now;
    return {
      command: c,
      waitLeft: pct(q),
      waitWidth: Math.max(0, pct(waitEnd) - pct(q)),
      runLeft: Number.isFinite(s) ? pct(s) : 0,
      runWidth: Number.isFinite(s) && Number.isFinite(e) ? Math.max(0.4, pct(e) - pct(s)) : 0,
    };
  });
  return { start, end, bars };
}

/**
 * A job's commands split by run: commands of one run share a correlation id (else a batch id). Runs are
 * ordered oldest first, by their first command's id; a run's commands are ordered by id.
 */
export function groupRuns<T extends TGraphCommand & { correlationId: string | null }>(
  commands: readonly T[],
): { key: string; commands: T[] }[] {
  const runs = new Map<string, T[]>();
  for (const c of commands) {
    const key = c.correlationId ?? c.batchId ?? '';
    runs.set(key, [...(runs.get(key) ?? []), c]);
  }
  return [...runs.entries()]
    .map(([key, cs]) => ({ key, commands: [...cs].sort((a, b) => a.id - b.id) }))
    .sort((a, b) => a.commands[0]!.id - b.commands[0]!.id);
}
