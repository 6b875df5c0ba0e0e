/**
 * Pure helpers of the ruleset pages: a readable text for a condition, a line diff of two versions' JSON, and the
 * operators that fit a field's type. The definition's shape is the engine's (packages/analysis score/ruleset.ts).
 */
import type { TRulesetField } from '@sextant/shared/values';

export type TCondition =
  { all: TCondition[] } | { any: TCondition[] } | { not: TCondition } | { field: string; op: string; value?: unknown };

const OP_TEXT: Record<string, string> = {
  eq: '=',
  ne: '≠',
  gt: '>',
  gte: '≥',
  lt: '<',
  lte: '≤',
  in: 'in',
  notIn: 'not in',
};

const valueText = (v: unknown): string =>
  Array.isArray(v)
    ? v.map(valueText).join(', ')
    : typeof v === 'number'
      ? v.toLocaleString('en-GB')
      : typeof v === 'string'
        ? `"${v}"`
        : String(v);

/** `spend ≥ 10,000 and (vcAccepting = "YES" or cardAcceptor = true)` */
export function conditionText(c: TCondition | undefined, nested = false): string {
  if (!c || typeof c !== 'object') return '—';
  if ('all' in c || 'any' in c) {
    const list = 'all' in c ? c.all : c.any;
    const s = list.map((x) => conditionText(x, true)).join('all' in c ? ' and ' : ' or ');
    return nested && list.length > 1 ? `(${s})` : s;
  }
  if ('not' in c) return `not (${conditionText(c.not)})`;
  if (c.op === 'isNull') return `${c.field} is empty`;
  if (c.op === 'notNull') return `${c.field} is present`;
  return `${c.field} ${OP_TEXT[c.op] ?? c.op} ${valueText(c.value)}`;
}

export const OPS_BY_TYPE: Record<TRulesetField['type'], string[]> = {
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'notIn', 'isNull', 'notNull'],
  string: ['eq', 'ne', 'in', 'notIn', 'isNull', 'notNull'],
  boolean: ['eq', 'ne', 'isNull', 'notNull'],
};
export const opLabel = (op: string) =>
  OP_TEXT[op] ?? (op === 'isNull' ? 'is empty' : op === 'notNull' ? 'is present' : op);

export type TDiffLine = { kind: 'same' | 'added' | 'removed'; text: string; left: number | null; right: number | null };

/** A line diff (longest common subsequence) of two texts, for the version diff view. */
export function diffLines(a: string, b: string): TDiffLine[] {
  const x = a.split('\n');
  const y = b.split('\n');
  const n = x.length;
  const m = y.length;
  const lcs: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      lcs[i]![j] = x[i] === y[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const out: TDiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && x[i] === y[j]) {
      out.push({ kind: 'same', text: x[i]!, left: i + 1, right: j + 1 });
      i++;
      j++;
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ kind: 'added', text: y[j]!, left: null, right: j + 1 });
      j++;
    } else {
      out.push({ kind: 'removed', text: x[i]!, left: i + 1, right: null });
      i++;
    }
  }
  return out;
}
