// @vitest-environment jsdom
/** The differences of a comparison section: "No differences.", the first 50 rows, then every row on request. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TDiffSection } from '@sextant/shared/values';
import { renderWithApp } from '../../test/render.tsx';
import { DiffTable } from './devops-ui.tsx';

const section = (n: number): TDiffSection => ({
  name: 'suppliers',
  totalDifferences: n,
  differences: Array.from({ length: n }, (_, i) => ({
    path: `$.suppliers["S-${i}"].spend`,
    kind: i === 0 ? 'added' : i === 1 ? 'removed' : 'changed',
    before: i === 0 ? null : i,
    after: i === 1 ? null : { spend: i + 1 },
  })),
  truncated: false,
});

const bodyRows = () => within(screen.getByTestId('diff-table')).getAllByRole('row').slice(1);

describe('DiffTable', () => {
  it('says there is no difference', () => {
    renderWithApp(<DiffTable section={section(0)} testId="diff" />);
    expect(screen.getByTestId('diff').textContent).toBe('No differences.');
  });

  it('lists path, change, before and after; 50 rows until "Show all" is clicked', async () => {
    const user = userEvent.setup();
    renderWithApp(<DiffTable section={section(60)} testId="diff" />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Path',
      'Change',
      'Before',
      'After',
    ]);
    expect(bodyRows()).toHaveLength(50);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['$.suppliers["S-0"].spend', 'Added', '∅', '{"spend":1}']);
    expect(within(bodyRows()[1]!).getAllByRole('cell')[3]!.textContent).toBe('∅');
    expect(screen.getByTestId('diff').textContent).toContain('50 of 60 differences shown.');
    await user.click(screen.getByRole('button', { name: 'Show all 60' }));
    expect(bodyRows()).toHaveLength(60);
  });
});
