// @vitest-environment jsdom
/** The business case tables: a row per figure with a column per year and the total, and the target per level. */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TBusinessCaseOutputs, TBusinessCaseYear } from '@sextant/shared/values';
import { renderWithApp } from '../../../test/render.tsx';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { LevelsTable, YearsTable } from './results-view.tsx';

const year = (year: number, rampUpPct: number, k: number): TBusinessCaseYear => ({
  year,
  rampUpPct,
  cardSpend: 100_000 * k,
  rebate: 1_000 * k,
  paymentsMoved: 40 * k,
  processSavings: 500 * k,
  workingCapital: 250 * k,
  totalBenefit: 1_750 * k,
});

const outputs: TBusinessCaseOutputs = {
  target: {
    cardSpend: 300_000,
    paymentsMoved: 120,
    byLevel: [
      { level: 'High', suppliers: 12, convertibleSpend: 400_000, cardSpend: 200_000 },
      { level: 'Medium', suppliers: 30, convertibleSpend: 250_000, cardSpend: 100_000 },
    ],
    byRoute: [],
  },
  years: [year(1, 50, 1), year(2, 100, 2)],
  total: {
    cardSpend: 300_000,
    rebate: 3_000,
    paymentsMoved: 120,
    processSavings: 1_500,
    workingCapital: 750,
    totalBenefit: 5_250,
  },
};

const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('YearsTable', () => {
  it('has a column per year and the total, and a row per figure', () => {
    renderWithApp(<YearsTable outputs={outputs} currency="EUR" />);
    const table = screen.getByTestId('bc-years');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Figure', 'Year 1', 'Year 2', 'Total']);
    expect(cells('bc-row-cardSpend')).toEqual([
      'Card spend',
      formatAmount(100_000, 'EUR'),
      formatAmount(200_000, 'EUR'),
      formatAmount(300_000, 'EUR'),
    ]);
    expect(cells('bc-row-paymentsMoved')).toEqual([
      'Payments moved to card',
      formatCount(40),
      formatCount(80),
      formatCount(120),
    ]);
    // Ramp-up has no total.
    expect(cells('bc-row-rampUpPct')).toEqual(['Ramp-up', formatPercent(50, 0), formatPercent(100, 0), '']);
    expect(cells('bc-row-totalBenefit')[3]).toBe(formatAmount(5_250, 'EUR'));
  });
});

describe('LevelsTable', () => {
  it('lists the target per Optima level', () => {
    renderWithApp(<LevelsTable outputs={outputs} currency="EUR" />);
    const rows = within(screen.getByTestId('bc-levels')).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['High', formatCount(12), formatAmount(400_000, 'EUR'), formatAmount(200_000, 'EUR')],
      ['Medium', formatCount(30), formatAmount(250_000, 'EUR'), formatAmount(100_000, 'EUR')],
    ]);
  });
});
