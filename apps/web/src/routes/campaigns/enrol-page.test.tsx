// @vitest-environment jsdom
/**
 * The public enrolment page from a fixture landing (seeded in the query cache): the supplier's own case on its best
 * route — days paid sooner and the net benefit a year after the acceptance fee — and nothing of it when the run
 * knows neither.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import type { TEnrolLanding } from '@sextant/shared/values';
import { renderWithApp } from '../../test/render.tsx';
import { enrolKeys } from '../../api/campaigns.ts';
import { buildTheme } from '../../app/theme/themes.ts';
import { Component as EnrolPage } from './enrol-page.tsx';

const TOKEN = 'abcdefghijklmnopqrstuvwx.yz0123456789';
const landing: TEnrolLanding = {
  brandName: 'Northbridge Bank',
  brandingKey: null,
  theme: null,
  language: 'en',
  issuerName: 'Northbridge Bank',
  buyerName: 'Severn Logistics Ltd',
  supplierName: 'Acme Industrial',
  campaignName: 'Wave A',
  status: 'Active',
  contactEmail: null,
  expiresAt: '2026-12-31T00:00:00.000Z',
  supplierCase: { currency: 'GBP', netBenefit: 7863.01, daysSooner: 118, feeTable: 'defaults' },
};

const renderPage = (l: TEnrolLanding) =>
  renderWithApp(
    <ThemeProvider theme={buildTheme('paytech')}>
      <EnrolPage />
    </ThemeProvider>,
    {
      path: `/enrol#token=${TOKEN}`,
      route: '/enrol',
      seed: [[enrolKeys.view(TOKEN), l]],
    },
  );

describe('EnrolPage', { timeout: 120_000 }, () => {
  it("shows the supplier's own case: days paid sooner and the net benefit after the fee", async () => {
    renderPage(landing);
    await waitFor(() => expect(screen.getByTestId('enrol-supplier-case')).toBeTruthy());
    expect(screen.getByTestId('enrol-days-sooner').textContent).toBe(
      'Paid 118 days sooner than on today’s terms (card settlement takes about 2 days).',
    );
    expect(screen.getByTestId('enrol-net-benefit').textContent).toBe(
      'Your net benefit a year, after the card acceptance fee: 7,863 GBP.',
    );
  });

  it('shows no case when the run knows neither', async () => {
    renderPage({ ...landing, supplierCase: null });
    await waitFor(() => expect(screen.getByTestId('enrol-intro')).toBeTruthy());
    expect(screen.queryByTestId('enrol-supplier-case')).toBeNull();
  });
});
