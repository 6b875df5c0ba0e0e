import { describe, expect, it } from 'vitest';
import { diffJson } from './json-diff.ts';

describe('diffJson', () => {
  it('finds nothing between equal values (numbers within epsilon)', () => {
    expect(diffJson({ a: [1, { b: 'x' }], c: 0.1 + 0.2 }, { a: [1, { b: 'x' }], c: 0.3 })).toEqual({
      total: 0,
      differences: [],
    });
  });

  it('lists changed, added and removed fields with their paths', () => {
    const r = diffJson(
      { a: 1, nested: { keep: true, gone: 'x', 'odd key': 1 }, list: [1, 2, 3] },
      { a: 2, nested: { keep: true, 'odd key': 2, fresh: null }, list: [1, 5] },
    );
    expect(r.differences).toEqual([
      { path: '$.a', kind: 'changed', before: 1, after: 2 },
      { path: '$.nested.gone', kind: 'removed', before: 'x', after: null },
      { path: '$.nested["odd key"]', kind: 'changed', before: 1, after: 2 },
      { path: '$.nested.fresh', kind: 'added', before: null, after: null },
      { path: '$.list[1]', kind: 'changed', before: 2, after: 5 },
      { path: '$.list[2]', kind: 'removed', before: 3, after: null },
    ]);
    expect(r.total).toBe(6);
  });

  it('compares keyed arrays by key, so an insertion is one difference', () => {
    const a = [
      { id: 'A', v: 1 },
      { id: 'B', v: 2 },
    ];
    const b = [{ id: 'Z', v: 0 }, ...a.map((x) => (x.id === 'B' ? { ...x, v: 3 } : x))];
    const r = diffJson(a, b, { keyOf: (_p, e) => (e as { id: string }).id });
    expect(r.differences.map((d) => `${d.kind} ${d.path}`)).toEqual(['changed $["B"].v', 'added $["Z"]']);
  });

  it('counts past the listing limit and reports type changes', () => {
    const r = diffJson({ a: 1, b: 2, c: 3, d: 'x' }, { a: 2, b: 3, c: 4, d: { x: 1 } }, { limit: 2 });
    expect(r.total).toBe(4);
    expect(r.differences).toHaveLength(2);
    expect(diffJson({ d: 'x' }, { d: { x: 1 } }).differences[0]).toMatchObject({ kind: 'changed', path: '$.d' });
  });
});
