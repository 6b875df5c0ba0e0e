// @vitest-environment jsdom
/**
 * An analytics result in the data table: the query's columns as headers, numbers right-aligned and formatted, null
 * cells marked, client-side paging by 25 with "Rows:", the truncation notice and the empty text.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TAnalyticsResult } from '@sextant/shared/values';
import { renderWithApp } from '../../../test/render.tsx';
import { ResultTable } from './result-table.tsx';

const result = (rows: unknown[][], over: Partial<TAnalyticsResult> = {}): TAnalyticsResult => ({
  columns: [
    { name: 'supplier', type: 'text' },
    { name: 'spend', type: 'number' },
  ],
  rows,
  rowCount: rows.length,
  truncated: false,
  rowLimit: 10_000,
  durationMs: 12,
  ...over,
});

const bodyRows = () => within(screen.getByTestId('result-rows')).getAllByRole('row').slice(1);

describe('ResultTable', () => {
  it('shows the columns, right-aligns and formats numbers, marks nulls and counts the rows', () => {
    renderWithApp(
      <ResultTable
        result={result([
          ['Acme', 1234567],
          [null, 2.5],
        ])}
      />,
    );
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['supplier', 'spend']);
    const [first, second] = bodyRows();
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Acme', '1,234,567']);
    expect(cells[1]!.className).toContain('alignRight');
    expect(within(second!).getAllByRole('cell')[0]!.textContent).toBe('null');
    expect(screen.getByTestId('result-table').textContent).toContain('2 rows in 12 ms');
    expect(screen.queryByText(/Only the first/)).toBeNull();
  });

  it('pages by 25 rows with "Rows:" and says when the result was cut at the row limit', async () => {
    const user = userEvent.setup();
    const rows = Array.from({ length: 30 }, (_, i) => [`S-${i + 1}`, i]);
    renderWithApp(<ResultTable result={result(rows, { truncated: true, rowLimit: 30 })} />);
    expect(screen.getByText('Rows:')).toBeTruthy();
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText(/Only the first 30 rows are shown/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'S-26',
      'S-27',
      'S-28',
      'S-29',
      'S-30',
    ]);
  });

  it('says so when the query returned no rows', () => {
    renderWithApp(<ResultTable result={result([])} />);
    expect(screen.getByTestId('data-table-empty').textContent).toBe('The query returned no rows.');
  });
});
