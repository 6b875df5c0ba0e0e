import { describe, expect, it } from 'vitest';
import { conditionText, diffLines } from './ruleset-logic.ts';

describe('ruleset helpers', () => {
  it('writes a condition as readable text, bracketing nested groups', () => {
    expect(
      conditionText({
        all: [
          { field: 'spend', op: 'gte', value: 10000 },
          {
            any: [
              { field: 'vcAccepting', op: 'eq', value: 'YES' },
              { field: 'detailLevel', op: 'in', value: ['2', '3'] },
            ],
          },
          { not: { field: 'paymentTermsDays', op: 'isNull' } },
        ],
      }),
    ).toBe('spend ≥ 10,000 and (vcAccepting = "YES" or detailLevel in "2", "3") and not (paymentTermsDays is empty)');
  });
  it('diffs lines, keeping the common ones', () => {
    const d = diffLines('a\nb\nc', 'a\nx\nc\nd');
    expect(d.filter((l) => l.kind === 'same').map((l) => l.text)).toEqual(['a', 'c']);
    expect(d.filter((l) => l.kind === 'added').map((l) => l.text)).toEqual(['x', 'd']);
    expect(d.filter((l) => l.kind === 'removed').map((l) => l.text)).toEqual(['b']);
  });
});
