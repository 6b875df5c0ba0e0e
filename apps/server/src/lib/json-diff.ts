/**
 * A generic deep difference of two JSON values, listed field by field with JSONPath-like paths
 * (`$.a.b[2]["key with space"]`). Arrays are compared by index unless a key function names their elements (then
 * by key, so an inserted element is one "added" difference, not a shifted tail). Numbers are equal within `epsilon`
 * (results computed twice may differ in the last bits of a float).
 */
import type { TJsonDifference } from '@sextant/shared';

export interface DiffOptions {
  /** Element key for arrays at a path (e.g. suppliers by supplier key); return null to compare by index. */
  keyOf?: (path: string, element: unknown) => string | null;
  epsilon?: number;
  /** Stop listing after this many (the count goes on). */
  limit?: number;
}

export interface DiffResult {
  total: number;
  differences: TJsonDifference[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const prop = (path: string, key: string) =>
  /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;

export function diffJson(before: unknown, after: unknown, options: DiffOptions = {}): DiffResult {
  const limit = options.limit ?? Number.POSITIVE_INFINITY;
  const epsilon = options.epsilon ?? 1e-9;
  const out: TJsonDifference[] = [];
  let total = 0;
  const add = (d: TJsonDifference) => {
    total++;
    if (out.length < limit) out.push(d);
  };

  const walk = (path: string, a: unknown, b: unknown): void => {
    if (a === undefined && b === undefined) return;
    if (a === undefined) return add({ path, kind: 'added', before: null, after: b });
    if (b === undefined) return add({ path, kind: 'removed', before: a, after: null });
    if (typeof a === 'number' && typeof b === 'number') {
      const scale = Math.max(1, Math.abs(a), Math.abs(b));
      if (Math.abs(a - b) > epsilon * scale) add({ path, kind: 'changed', before: a, after: b });
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      const keyed = options.keyOf && a.length + b.length > 0 ? options.keyOf(path, a[0] ?? b[0]) !== null : false;
      if (keyed) {
        const index = (arr: unknown[]) => {
          const m = new Map<string, unknown>();
          for (const e of arr) m.set(options.keyOf!(path, e) ?? '', e);
          return m;
        };
        const ma = index(a);
        const mb = index(b);
        for (const [k, v] of ma) {
          const w = mb.get(k);
          if (v !== w) walk(`${path}[${JSON.stringify(k)}]`, v, w);
        }
        for (const [k, v] of mb) if (!ma.has(k)) walk(`${path}[${JSON.stringify(k)}]`, undefined, v);
        return;
      }
      const n = Math.max(a.length, b.length);
      for (let i = 0; i < n; i++) if (a[i] !== b[i]) walk(`${path}[${i}]`, a[i], b[i]);
      return;
    }
    if (isObject(a) && isObject(b)) {
      // Equal primitives are skipped before their path is built (most fields of most rows).
      for (const k of Object.keys(a)) if (a[k] !== b[k]) walk(prop(path, k), a[k], b[k]);
      for (const k of Object.keys(b)) if (!(k in a)) walk(prop(path, k), undefined, b[k]);
      return;
    }
    if (a === b) return;
    add({ path, kind: 'changed', before: a, after: b });
  };
  walk('$', before, after);
  return { total, differences: out };
}
