// @vitest-environment jsdom
/**
 * The model monitoring page from fixture API responses (seeded in the query cache): the jobs table, a job picked by
 * a click on its row (kept in the URL), the job's run history where a click picks the run, and the drift table of
 * the picked run.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TMlJobDetail, TMlOverview, TMlRun } from '@sextant/shared/values';
import { renderWithApp } from '../../test/render.tsx';
import { mlKeys } from '../../api/ml-prediction.ts';
import { Component as MlPredictionPage } from './ml-prediction-page.tsx';

const JOB_A = '11111111-1111-4111-8111-111111111111';
const JOB_B = '22222222-2222-4222-8222-222222222222';
const ISSUER = '33333333-3333-4333-8333-333333333333';

const run = (runNumber: number, auc: number, against: number | null): TMlRun => ({
  runId: `4444444${runNumber}-4444-4444-8444-444444444444`,
  runNumber,
  evaluatedAt: `2026-11-0${runNumber}T10:00:00.000Z`,
  completedAt: `2026-11-0${runNumber}T09:00:00.000Z`,
  trained: true,
  reason: null,
  suppliers: 500,
  trainRows: 400,
  testRows: 100,
  positiveRate: 0.2,
  metrics: { auc, accuracy: 0.8, precisionHigh: 0.6, recallHigh: 0.5, baselineAccuracy: 0.7 },
  calibration: [],
  drift:
    against === null
      ? null
      : { againstRunNumber: against, psi: { country: 0.01 }, maxPsi: 0.01, maxPsiInput: 'country' },
  distributions: { country: { DE: 0.25, FR: 0.75 } },
  alerts: [],
});

const row = (jobId: string, jobName: string, latest: TMlRun): TMlOverview['jobs'][number] => ({
  jobId,
  jobName,
  issuerId: ISSUER,
  issuerName: 'Northbridge Bank',
  runs: latest.runNumber,
  latest,
  aucHistory: [{ runNumber: latest.runNumber, evaluatedAt: latest.evaluatedAt, auc: latest.metrics.auc }],
  alert: false,
});

const overview: TMlOverview = {
  aucThreshold: 0.7,
  psiThreshold: 0.25,
  jobs: [row(JOB_A, 'Acme spend 2026', run(2, 0.81, 1)), row(JOB_B, 'Globex spend 2026', run(1, 0.75, null))],
  alertCount: 0,
  meanAuc: 0.78,
  evaluatedRuns: 3,
};

const detail = (jobId: string, jobName: string, runs: TMlRun[]): TMlJobDetail => ({
  jobId,
  jobName,
  issuerName: 'Northbridge Bank',
  aucThreshold: 0.7,
  psiThreshold: 0.25,
  runs,
});

const render = () =>
  renderWithApp(<MlPredictionPage />, {
    seed: [
      [mlKeys.overview(), overview],
      [mlKeys.job(JOB_A), detail(JOB_A, 'Acme spend 2026', [run(2, 0.81, 1), run(1, 0.79, null)])],
      [mlKeys.job(JOB_B), detail(JOB_B, 'Globex spend 2026', [run(1, 0.75, null)])],
    ],
  });

const bodyRows = (testId: string) => within(screen.getByTestId(testId)).getAllByRole('row').slice(1);

describe('ML model monitoring page', () => {
  // jsdom has no ResizeObserver, which the charts use to follow their container's width.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });

  it('lists the jobs and shows the first one with its runs and the drift of its latest run', () => {
    render();
    expect(screen.getAllByTestId('ml-job-row').map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Acme spend 2026',
      'Globex spend 2026',
    ]);
    expect(screen.getAllByTestId('ml-job-row')[0]!.className).toContain('Mui-selected');
    const detailPanel = screen.getByTestId('ml-job-detail');
    expect(detailPanel.textContent).toContain('Acme spend 2026');
    expect(bodyRows('ml-run-history')).toHaveLength(2);
    expect(bodyRows('ml-run-history')[0]!.className).toContain('Mui-selected');
    expect(detailPanel.textContent).toContain('Population stability index against run 1.');
    const [country] = bodyRows('ml-drift-table');
    expect(within(country!).getAllByRole('cell')[0]!.textContent).toBe('Country');
    expect(within(country!).getAllByRole('cell')[2]!.textContent).toContain('stable');
  });

  it('a click on a run picks it; a click on a job opens that job', async () => {
    const user = userEvent.setup();
    render();
    await user.click(bodyRows('ml-run-history')[1]!);
    expect(bodyRows('ml-run-history')[1]!.className).toContain('Mui-selected');
    expect(screen.getByTestId('ml-job-detail').textContent).toContain('nothing to compare with yet');
    await user.click(screen.getByText('Globex spend 2026'));
    expect(screen.getAllByTestId('ml-job-row')[1]!.className).toContain('Mui-selected');
    expect(screen.getByTestId('ml-job-detail').textContent).toContain('Globex spend 2026');
    expect(bodyRows('ml-run-history')).toHaveLength(1);
  });
});
