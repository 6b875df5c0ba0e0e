// @vitest-environment jsdom
/**
 * The supplier page from a fixture API response (seeded in the query cache, so no request is made): the supplier's
 * fields, its capabilities, the match evidence, the scores with their rules, the routes ranked by expected value with
 * the supplier's own case (computed by the shared formula from the fixture supplier), use cases and campaigns.
 */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TSupplierDetail } from '@sextant/shared/values';
import { rankRoutes } from '@sextant/shared/supplier-routes';
import { renderWithApp } from '../../../test/render.tsx';
import { supplierKeys } from './api.ts';
import { SupplierView } from './supplier-view.tsx';

const JOB = '11111111-1111-4111-8111-111111111111';
const KEY = 'acme-001';

const detail: TSupplierDetail = {
  jobId: JOB,
  currency: 'EUR',
  offer: null,
  supplier: {
    supplierKey: KEY,
    sourceSupplierId: 'S-42',
    supplierName: 'Acme Industrial GmbH',
    taxId: 'DE123456789',
    addressLine1: 'Hauptstraße 5',
    addressLine2: null,
    city: 'Berlin',
    region: null,
    postcode: '10115',
    country: 'DE',
    spend: 125000,
    spendShare: 0.125,
    cardSpend: 5000,
    avgTransactionValue: 2500,
    transactionsPerYear: 50,
    frequencyBand: 'Monthly',
    paymentTermsDays: 30,
    paymentTermsBand: 'Net 30',
    paymentMethod: 'ACH',
    paymentMethodCount: 2,
    paymentMethods: ['ACH', 'Check'],
    category: 'Industrial supplies',
    inputMcc: null,
  },
  documents: {
    inputKinds: ['spend', 'invoices'],
    counts: { spend: 40, purchaseOrders: 0, invoices: 12, payments: 0, transactions: 0, total: 52 },
    firstDate: '2025-01-03',
    lastDate: '2025-12-19',
  },
  match: {
    status: 'MATCHED',
    confidence: 'High',
    matchedMerchantId: 'M-9',
    candidateMerchantId: null,
    scores: { total: 1.31, name: 0.97, nameJaroWinkler: 0.98, nameTokenSimilarity: 0.9, address: 0.88, runnerUp: 0.4 },
    agreement: [],
    fieldsAgreeing: ['name', 'postcode'],
    fieldsDisagreeing: ['taxId'],
    downgradedForAmbiguity: false,
    rule: { id: 'M3', description: 'name and postcode agree' },
    rulesetVersion: 2,
    fields: [
      { field: 'name', result: 'agree', supplier: 'acme industrial', merchant: 'acme industrial', score: 0.97 },
      { field: 'postcode', result: 'agree', supplier: '10115', merchant: '10115', score: null },
      { field: 'taxId', result: 'differ', supplier: null, merchant: null, score: null },
    ],
  },
  merchant: {
    merchantId: 'M-9',
    name: 'ACME INDUSTRIAL',
    taxId: 'DE999',
    mcc: '5085',
    acceptsCard: true,
    vcAccepting: true,
    detailLevel: 3,
    stpCapable: false,
    lockboxes: [],
    addressLine1: 'Hauptstr. 5',
    addressLine2: null,
    city: 'Berlin',
    region: null,
    postcode: '10115',
    country: 'DE',
  },
  acceptance: {
    cardCapability: 'Card Acceptor',
    cardAcceptor: true,
    vcAccepting: 'VC',
    detailLevel: 'L3',
    stpCapable: 'NO',
    lockboxes: ['LB-7'],
    lockboxProgramme: null,
    prediction: 'YES',
    probability: 0.82,
    explanation: 'accepts card',
    drivers: [
      { feature: 'mcc', label: 'Merchant category 5085', effect: 0.75 },
      { feature: 'terms', label: 'Payment terms 30 days', effect: -0.2 },
    ],
  },
  industry: {
    mcc: '5085',
    sicCode: '5084',
    naicsCode: '423830',
    unspscCode: null,
    classifications: [{ key: 'sicDivision', value: 'Wholesale' }],
  },
  scored: true,
  scores: [
    {
      kind: 'VirtualCard',
      level: 'High',
      rule: { id: 'VC-1', description: 'accepts card and high spend' },
      confidence: 'Medium',
      confidenceRule: { id: 'C-2', description: 'matched with high confidence' },
    },
  ],
  optimaMethod: 'Vcard',
  routes: rankRoutes(
    {
      spend: 125000,
      paymentMethod: 'ACH',
      paymentCount: 0,
      paymentTermsDays: 30,
      avgTransactionValue: 2500,
      mccType: null,
      matchStatus: 'MATCHED',
      acceptanceProbability: null,
      lockboxProgramme: null,
      levels: { Vcard: 'High', Pcard: 'Medium', Scf: 'Low' },
    },
    ['Optima', 'Vcard', 'Pcard', 'Scf'],
    [],
  ),
  rulesetVersions: { scoring: 4, confidence: 2 },
  networks: [
    {
      network: 'Scheme A',
      networkVersion: 'generated-1',
      merchantId: 'M-1',
      merchantName: 'ACME INDUSTRIAL',
      confidence: 'High',
      matched: true,
      matchScore: 0.97,
      acceptsCard: true,
      vcAccepting: false,
      detailLevel: 3,
      stpCapable: false,
      lockboxes: [],
      cardCapability: 'Card Acceptor',
      rule: 'M3',
      candidateSearch: 'full',
    },
    {
      network: 'Lockbox Co',
      networkVersion: '2026-10',
      merchantId: 'LB-9',
      merchantName: 'Acme Industrial GmbH',
      confidence: 'Medium',
      matched: true,
      matchScore: 0.88,
      acceptsCard: true,
      vcAccepting: true,
      detailLevel: 2,
      stpCapable: false,
      lockboxes: ['BoostEu'],
      cardCapability: 'VC',
      rule: 'M5',
      candidateSearch: 'confirm',
    },
  ],
  mergedNetworks: {
    acceptsAnywhere: true,
    acceptsIn: ['Scheme A', 'Lockbox Co'],
    bestCapability: 'VC',
    bestCapabilityNetwork: 'Lockbox Co',
    networksMatched: 2,
  },
  useCases: [{ useCaseId: 'uc-1', name: 'Card payables', rebateBps: 100, spend: 125000, estimatedRebate: 1250 }],
  campaigns: [
    {
      id: 'wf-1',
      name: 'Spring enablement',
      status: 'Active',
      campaignName: 'Wave A',
      route: null,
      updatedAt: '2025-12-01T00:00:00.000Z',
    },
  ],
};

const renderSupplier = (permissions: string[] = []) =>
  renderWithApp(<SupplierView jobId={JOB} supplierKey={KEY} />, {
    seed: [[supplierKeys.detail(JOB, KEY), detail]],
    permissions,
  });

/** The texts of the cells of a table's body rows. */
const bodyCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((r) => within(r).queryAllByRole('cell').length > 0)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('SupplierView', { timeout: 120_000 }, () => {
  it('shows the supplier: name, ids, spend and its data fields', () => {
    const { fetchMock } = renderSupplier();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByTestId('supplier-name').textContent).toBe('Acme Industrial GmbH');
    expect(screen.getByText('Supplier ID S-42 · key acme-001')).toBeTruthy();
    expect(screen.getByTestId('supplier-spend').textContent).toBe('€125,000.00');
    const data = screen.getByTestId('supplier-data');
    expect(within(data).getByText('Hauptstraße 5, 10115 Berlin, DE')).toBeTruthy();
    expect(within(data).getByText('DE123456789')).toBeTruthy();
    expect(within(data).getByText('ACH, Check')).toBeTruthy();
    expect(within(data).getByText('Industrial supplies')).toBeTruthy();
  });

  it('shows the capabilities: card capability, virtual card, STP, lockboxes and the prediction with its drivers', () => {
    renderSupplier();
    const acceptance = screen.getByTestId('supplier-acceptance');
    for (const text of ['Card Acceptor', 'VC', 'L3', 'NO', 'LB-7', 'YES'])
      expect(within(acceptance).getByText(text)).toBeTruthy();
    const drivers = screen.getByTestId('supplier-prediction-drivers');
    expect(bodyCells(drivers)).toEqual([
      ['Merchant category 5085', '▲ +0.75'],
      ['Payment terms 30 days', '▼ −0.20'],
    ]);
  });

  it('shows the supplier in each network and the merged view naming the network of each fact', () => {
    renderSupplier();
    const section = screen.getByTestId('supplier-networks');
    expect(bodyCells(within(section).getByRole('table'))).toEqual([
      ['Scheme Areferenceversion generated-1', 'ACME INDUSTRIALM-1', 'High', '97.0%', 'Yes', 'Card Acceptor', '—'],
      [
        'Lockbox Coversion 2026-10confirmatory search',
        'Acme Industrial GmbHLB-9',
        'Medium',
        '88.0%',
        'Yes',
        'VC',
        'BoostEu',
      ],
    ]);
    // a further network searched by exact keys says so, and how
    expect(screen.getByTestId('supplier-network-1-search').getAttribute('title')).toMatch(/exact keys/);
    expect(screen.queryByTestId('supplier-network-0-search')).toBeNull();
    expect(screen.getByTestId('accepts-anywhere').textContent).toBe('Yes');
    expect(screen.getByTestId('accepts-anywhere-source').textContent).toBe('from Scheme A, Lockbox Co');
    expect(screen.getByTestId('best-capability-source').textContent).toBe('from Lockbox Co');
  });

  it('shows the match evidence: agreement chips, the deciding rule and the values compared per field', () => {
    renderSupplier();
    expect(screen.getByTestId('merchant-name').textContent).toBe('ACME INDUSTRIAL');
    expect(screen.getByTestId('evidence-name').getAttribute('data-agrees')).toBe('true');
    expect(screen.getByTestId('evidence-taxId').getAttribute('data-agrees')).toBe('false');
    expect(screen.getByTestId('match-rule-id').textContent).toBe('M3');
    const evidence = screen.getByTestId('match-evidence-fields');
    expect(
      within(evidence)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Field', 'Supplier (normalised)', 'Network merchant (normalised)', 'Result']);
    expect(
      within(screen.getByTestId('evidence-row-name'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Name', 'acme industrial', 'acme industrial', 'agrees (0.97)']);
    const taxRow = screen.getByTestId('evidence-row-taxId');
    expect(
      within(taxRow)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Tax ID', '—', '—', 'differs']);
    expect(within(taxRow).getByTestId('evidence-result').getAttribute('data-result')).toBe('differ');
  });

  it('shows each score with its level, rule and confidence rule (SuppliersScore_VIEW), no scores section without it', () => {
    const { unmount } = renderSupplier();
    expect(screen.queryByTestId('supplier-scores')).toBeNull();
    expect(screen.queryByTestId('score-VirtualCard')).toBeNull();
    unmount();
    renderSupplier(['SuppliersScore_VIEW']);
    const row = screen.getByTestId('score-VirtualCard');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['VirtualCard', 'High', 'VC-1accepts card and high spend', 'Medium', 'C-2matched with high confidence']);
    expect(within(row).getByTestId('score-rule-id').textContent).toBe('VC-1');
  });

  it("shows the routes best first with the best route's inputs and the supplier's case (SuppliersScore_VIEW)", () => {
    const { unmount } = renderSupplier();
    expect(screen.queryByTestId('supplier-routes')).toBeNull();
    unmount();
    renderSupplier(['SuppliersScore_VIEW']);
    const routes = screen.getByTestId('supplier-routes');
    const table = within(routes).getAllByRole('table')[0]!;
    // 0.6 × (1,250 rebate + 6 savings + 428.08 working capital − 3.6 card costs) = 1,008.29, then Pcard, Scf
    expect(bodyCells(table)).toEqual([
      ['Virtual cardBest route', '60.0%conversion of level High', '€1,684.08', '€3.60', '€1,008.29'],
      ['Purchasing card', '30.0%conversion of level Medium', '€1,684.08', '€3.60', '€504.14'],
      ['Supply chain finance', '10.0%conversion of level Low', '€1,684.08', '€3.60', '€168.05'],
    ]);
    const inputs = screen.getByTestId('best-route-inputs');
    expect(within(inputs).getByText('Inputs of Virtual card')).toBeTruthy();
    expect(within(inputs).getByText('Rebate (100 bps)')).toBeTruthy();
    expect(within(inputs).getByText('payments estimated')).toBeTruthy();
    // the supplier: 2.4 % fee on 125,000 = 3,000; 30 − 2 = 28 days sooner at 8 %: 767.12; net −2,232.88
    const kase = screen.getByTestId('supplier-case');
    expect(within(kase).getByTestId('supplier-case-fee').textContent).toBe('€3,000.00');
    expect(within(kase).getByText('240 bps · MCC type — · medium tickets')).toBeTruthy();
    expect(within(kase).getByTestId('supplier-case-days').textContent).toBe('28');
    expect(within(kase).getByText('Terms 30 days − settlement 2 days')).toBeTruthy();
    expect(within(kase).getByTestId('supplier-case-net').textContent).toBe('-€2,232.88');
  });

  it('shows industry codes, use cases and campaigns, linked only with the permissions to open them', () => {
    const { unmount } = renderSupplier();
    expect(bodyCells(screen.getByTestId('supplier-industry'))).toEqual([
      ['SIC division', 'Wholesale'],
      ['Codes', 'MCC 5085 · SIC 5084 · NAICS 423830 · UNSPSC —'],
    ]);
    expect(bodyCells(screen.getByTestId('supplier-use-cases'))).toEqual([['Card payables', '100 bps', '€1,250.00']]);
    expect(bodyCells(screen.getByTestId('supplier-campaigns'))).toEqual([['Spring enablement', 'Wave A', 'Active']]);
    expect(screen.getByTestId('supplier-campaign-wf-1')).toBeTruthy();
    expect(within(screen.getByTestId('supplier-use-cases')).queryByRole('link')).toBeNull();
    unmount();
    renderSupplier(['JobUseCasesAccessor', 'JobCampaignsAccessor', 'CampaignManager_Feature_VIEW', 'Campaign_View']);
    expect(
      within(screen.getByTestId('supplier-use-cases'))
        .getByRole('link', { name: 'Card payables' })
        .getAttribute('href'),
    ).toBe(`/jobs/${JOB}/use-cases/uc-1/${KEY}`);
    expect(
      within(screen.getByTestId('supplier-campaigns'))
        .getByRole('link', { name: 'Spring enablement' })
        .getAttribute('href'),
    ).toBe(`/jobs/${JOB}/campaign-workflows/wf-1/suppliers/${KEY}`);
  });

  it('shows loading placeholders until the supplier is there', () => {
    renderWithApp(<SupplierView jobId={JOB} supplierKey="other" />, {});
    expect(screen.getByTestId('supplier-loading')).toBeTruthy();
  });
});
