import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runAnalysis } from '../src/pipeline/run-analysis.ts';
import { makeLabelledSuppliers, labelledCsv } from '../src/network/labelled.ts';
import { makeMerchant, merchantsAt, networkMerchants, registryNameKey } from '../src/network/generate.ts';
import { importNetwork } from '../src/network/import.ts';
import { withDb, lit } from '../src/db.ts';
import { smallNetwork, tmpDir, writeFile } from './helpers.ts';
import { COUNTRIES } from '../src/network/vocabulary.ts';
import { SCORE_KINDS, type TIssuerOffer } from '@sextant/shared';

const { dir, cleanup } = tmpDir();
let network = '';
beforeAll(async () => {
  network = await smallNetwork();
}, 60_000);
afterAll(() => {
  if (!process.env.KEEP) cleanup();
});

describe('network', () => {
  it('is deterministic for a seed', () => {
    expect(makeMerchant(7, 42)).toEqual(makeMerchant(7, 42));
    expect(makeMerchant(7, 42).name).not.toEqual(makeMerchant(8, 42).name);
  });
  it('gives every merchant a name unique in its country, as a company registry would', () => {
    const all = [...networkMerchants(7, 60_000)];
    const withoutLegalForm = (m: { country: string; name: string }) => {
      const c = COUNTRIES.find((x) => x.iso2 === m.country || x.iso3 === m.country)!;
      const forms = c.legalForms.map(([f]) => f).filter((f) => f && m.name.endsWith(` ${f}`));
      const longest = forms.sort((a, b) => b.length - a.length)[0];
      return longest ? m.name.slice(0, -longest.length - 1) : m.name;
    };
    const distinct = (ms: { country: string; name: string }[]) =>
      new Set(ms.map((m) => registryNameKey(m.country, withoutLegalForm(m)))).size;
    // The raw draws repeat names (surname + trade, another legal form); the network does not.
    expect(distinct(all.map((_, i) => makeMerchant(7, i)))).toBeLessThan(all.length - 500);
    expect(distinct(all)).toBe(all.length);
    // Same-as rules: word order, case, accents and "&"/"and" do not make a new name.
    expect(registryNameKey('DEU', 'Müller & Schmidt Transport')).toBe(
      registryNameKey('DE', 'schmidt and muller transport'),
    );
    // A merchant is the same in a longer network of the same seed, and merchantsAt agrees with the sequence.
    const some = merchantsAt(7, [0, 17, 59_999]);
    expect(some.get(17)).toEqual(all[17]);
    expect(some.get(59_999)).toEqual(all[59_999]);
    expect([...networkMerchants(7, 100)]).toEqual(all.slice(0, 100));
  });
  it('derives labelled suppliers from the merchants as the network has them', () => {
    const present = makeLabelledSuppliers({ networkSeed: 7, networkSize: 60_000, present: 400, absent: 0, seed: 3 });
    const byId = new Map([...networkMerchants(7, 60_000)].map((m) => [m.merchantId, m]));
    for (const s of present) {
      const m = byId.get(s.trueMerchantId)!;
      expect(m, s.trueMerchantId).toBeDefined();
      if (!s.noise.length) expect(s.name).toBe(m.name);
      if (s.postcode) expect(s.postcode).toBe(m.postcode);
    }
  });
  it('imports the documented CSV layout and reports bad rows', async () => {
    const f = writeFile(
      dir,
      'net.csv',
      'merchantId,name,addressLine1,addressLine2,city,region,postcode,country,taxId,mcc,acceptsCard,vcAccepting,detailLevel,stpCapable,lockboxes\nM1,Acme Ltd,1 High St,,London,,SW1A 1AA,GB,,5045,true,true,3,false,Boost;Its\nM2,Beta,,,,,,XX,,9999,maybe,false,7,false,Nope\nM1,Dup,,,,,,,,,,,,,\n,NoId,,,,,,,,,,,,,\n',
    );
    const r = await importNetwork(f, path.join(dir, 'net.parquet'));
    expect(r.rowsRead).toBe(4);
    expect(r.merchants).toBe(2);
    const reasons = r.issues.map((i) => `${i.row}:${i.column}`);
    expect(reasons).toEqual(
      expect.arrayContaining([
        '3:country',
        '3:acceptsCard',
        '3:detailLevel',
        '3:mcc',
        '3:lockboxes',
        '4:merchantId',
        '5:merchantId',
      ]),
    );
    const rows = await withDb({}, (db) =>
      db.all<{ country: string; lockboxes: string[]; nameCore: string }>(
        `SELECT * FROM read_parquet(${lit(r.out)}) ORDER BY merchantId`,
      ),
    );
    expect(rows[0]).toMatchObject({ country: 'GBR', lockboxes: ['Boost', 'Its'], nameCore: 'acme' });
  });
});

describe('runAnalysis', () => {
  it('matches, enriches, scores and aggregates a base job end to end', async () => {
    const labelled = makeLabelledSuppliers({ networkSeed: 7, networkSize: 3000, present: 160, absent: 40 });
    const f = writeFile(dir, 'suppliers.csv', labelledCsv(labelled));
    const out = path.join(dir, 'out-base');
    const progress: number[] = [];
    const r = await runAnalysis({
      type: 'base',
      networkFile: network,
      inputs: [{ kind: 'suppliers', file: f }],
      outDir: out,
      onProgress: (p) => progress.push(p),
    });
    expect(progress.at(-1)).toBe(100);
    expect(r.summary.suppliers).toBe(200);
    // Precision first: High/Medium matches must be right.
    const csv = readFileSync(path.join(out, 'suppliers.csv'), 'utf8').trim().split('\n');
    expect(csv[0]!.startsWith('Supplier ID,supplierKey,')).toBe(true);
    expect(csv).toHaveLength(201);
    const res = await withDb({}, (db) =>
      db.all<{
        sourceSupplierId: string;
        matchStatus: string;
        matchedMerchantId: string | null;
        matchConfidence: string | null;
        OptimaLevel: string;
        OptimaRuleId: string;
        VcardRuleId: string;
        cardCapability: string;
        sicIndustry: string;
      }>(`SELECT * FROM read_parquet(${lit(path.join(out, 'suppliers.parquet'))})`),
    );
    const truth = new Map(labelled.map((l) => [l.supplierId, l.trueMerchantId]));
    const matched = res.filter((x) => x.matchStatus === 'MATCHED');
    const correct = matched.filter((x) => truth.get(x.sourceSupplierId) === x.matchedMerchantId).length;
    expect(correct / matched.length).toBeGreaterThanOrEqual(0.97);
    expect(correct / 160).toBeGreaterThanOrEqual(0.85);
    expect(res.every((x) => x.OptimaRuleId.startsWith('OPTIMA:') && x.VcardRuleId.length > 0)).toBe(true);
    expect(res.filter((x) => x.matchStatus === 'UNMATCHED').every((x) => x.cardCapability === 'Unmatched')).toBe(true);
    expect(matched.every((x) => x.sicIndustry !== 'Unclassified')).toBe(true);
    // Views: every chart view under every slicer value present.
    const views = await withDb({}, (db) =>
      db.all<{ view: string; slicer: string; n: number }>(
        `SELECT view, slicer, count(*) AS n FROM read_parquet(${lit(path.join(out, 'views.parquet'))}) GROUP BY ALL`,
      ),
    );
    expect(new Set(views.map((v) => v.view)).size).toBe(15);
    expect(new Set(views.map((v) => v.slicer)).size).toBe(6);
    const summary = JSON.parse(readFileSync(path.join(out, 'summary.json'), 'utf8'));
    // the eight use cases of the score kinds and one per virtual lockbox programme (no offer: every one)
    expect(summary.useCases).toHaveLength(11);
    expect(summary.offer).toBeNull();
    // a fixed order: by spend, then by id among equal spends (two runs of a file give the same summary)
    const ucs = summary.useCases as { id: string; spend: number }[];
    const ordered = [...ucs].sort((a, b) => b.spend - a.spend || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    expect(ucs.map((u) => u.id)).toEqual(ordered.map((u) => u.id));
    expect(summary.rulesetVersions).toEqual({ scoring: 1, confidence: 1 });
    expect(r.score?.model.trained).toBe(true);
  }, 60_000);

  it('computes only what the issuer offers: kinds not offered are absent, lockboxes only the supported ones', async () => {
    const labelled = makeLabelledSuppliers({ networkSeed: 7, networkSize: 3000, present: 160, absent: 40 });
    const f = writeFile(dir, 'suppliers-offer.csv', labelledCsv(labelled));
    const run = async (name: string, offer: TIssuerOffer) => {
      const out = path.join(dir, name);
      const r = await runAnalysis({
        type: 'base',
        networkFile: network,
        inputs: [{ kind: 'suppliers', file: f }],
        outDir: out,
        offer,
      });
      const rows = await withDb({}, (db) =>
        db.all<Record<string, unknown>>(`SELECT * FROM read_parquet(${lit(path.join(out, 'suppliers.parquet'))})`),
      );
      const csvHeader = readFileSync(path.join(out, 'suppliers.csv'), 'utf8').split('\n')[0]!.split(',');
      return { summary: r.summary, rows, csvHeader };
    };
    const all = SCORE_KINDS.filter((k) => k !== 'Scf' && k !== 'Boost');
    const without = await run('out-offer-none', { issuerName: 'Northbridge', capabilities: all, virtualLockboxes: [] });
    expect(without.summary.offer).toEqual({
      issuerName: 'Northbridge',
      offered: all,
      notOffered: [
        { kind: 'Scf', setting: 'issuerCapabilities' },
        { kind: 'Boost', setting: 'issuerCapabilities' },
      ],
      virtualLockboxes: [],
    });
    expect(Object.keys(without.summary.scores!).sort()).toEqual([...all].sort());
    const ids = without.summary.useCases.map((u) => u.id);
    expect(ids).not.toContain('scf-strategic');
    expect(ids.filter((i) => i.includes('lockbox'))).toEqual([]);
    expect(Object.keys(without.rows[0]!)).not.toEqual(expect.arrayContaining(['ScfLevel']));
    expect(Object.keys(without.rows[0]!).filter((c) => /^(Scf|Boost)/.test(c))).toEqual([]);
    expect(without.csvHeader.filter((c) => /^(Scf|Boost)/.test(c))).toEqual([]);
    expect(without.rows.every((x) => x.lockboxProgramme === null && !/Scf|Boost/.test(String(x.OptimaRuleId)))).toBe(
      true,
    );

    const withLockboxes = await run('out-offer-lockboxes', {
      issuerName: 'Northbridge',
      capabilities: [...SCORE_KINDS],
      virtualLockboxes: ['Boost', 'BoostEu', 'Its'],
    });
    // enrolled suppliers are payable through a supported programme, counted in its own use case at its rebate
    const enrolled = withLockboxes.rows.filter((x) => x.lockboxProgramme !== null);
    expect(enrolled.length).toBeGreaterThan(0);
    for (const x of enrolled) expect(x.lockboxes as string[]).toContain(x.lockboxProgramme);
    const byProgramme = new Map<string, number>();
    for (const x of enrolled)
      byProgramme.set(String(x.lockboxProgramme), (byProgramme.get(String(x.lockboxProgramme)) ?? 0) + 1);
    for (const [l, n] of byProgramme)
      expect(withLockboxes.summary.useCases.find((u) => u.id === `lockbox-${l.toLowerCase()}`)?.suppliers).toBe(n);
    expect(enrolled.every((x) => x.BoostLevel !== 'None')).toBe(true);
  }, 90_000);

  it('runs an advanced job from payments and invoices without ids, keeping row order for a supplier file without ids', async () => {
    const pay = writeFile(
      dir,
      'payments.csv',
      'Payee,Amount,Payment Date,Payment Method\n' +
        Array.from(
          { length: 60 },
          (_, i) =>
            `${makeMerchant(7, i % 6).name.replaceAll(',', '')},${100 + i},2024-${String((i % 12) + 1).padStart(2, '0')}-10,${Math.floor(i / 6) % 2 ? 'Cheque' : 'ACH'}`,
        ).join('\n') +
        '\n',
    );
    const inv = writeFile(
      dir,
      'invoices.csv',
      'Supplier,Invoice Amount,Invoice Date,Due Date\n' +
        Array.from(
          { length: 12 },
          (_, i) => `${makeMerchant(7, i % 6).name.replaceAll(',', '')},${500},2024-01-01,2024-01-31`,
        ).join('\n') +
        '\n',
    );
    const out = path.join(dir, 'out-adv');
    const r = await runAnalysis({
      type: 'advanced',
      networkFile: network,
      inputs: [
        { kind: 'payments', file: pay },
        { kind: 'invoices', file: inv },
      ],
      outDir: out,
    });
    expect(r.summary.suppliers).toBe(6);
    const res = await withDb({}, (db) =>
      db.all<{
        paymentCount: number;
        invoiceCount: number;
        paymentTermsDays: number;
        paymentMethodCount: number;
        spend: number;
      }>(`SELECT * FROM read_parquet(${lit(path.join(out, 'suppliers.parquet'))})`),
    );
    expect(
      res.every(
        (x) => x.paymentCount === 10 && x.invoiceCount === 2 && x.paymentTermsDays === 30 && x.paymentMethodCount === 2,
      ),
    ).toBe(true);
    const noIds = writeFile(
      dir,
      'noids.csv',
      'Company Name,Spend\nZeta Unknown Widgets Zzz,5\nAlpha Unknown Things Qqq,7\n',
    );
    const out2 = path.join(dir, 'out-mdo');
    await runAnalysis({
      type: 'matched-data-only',
      networkFile: network,
      inputs: [{ kind: 'suppliers', file: noIds }],
      outDir: out2,
    });
    const lines = readFileSync(path.join(out2, 'suppliers.csv'), 'utf8').trim().split('\n');
    expect(lines[1]).toMatch(/Zeta Unknown Widgets Zzz/);
    expect(lines[2]).toMatch(/Alpha Unknown Things Qqq/);
    expect(lines[1]).toMatch(/UNMATCHED/);
  }, 60_000);
});
