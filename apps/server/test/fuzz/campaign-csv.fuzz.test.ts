/**
 * Property-based fuzzing of the campaign CSV uploads (fast-check), issue 31: outcome files (supplierKey or
 * supplierId, status, date, note) and contact files (supplierKey or supplierId, contactEmail), uploaded over HTTP to
 * the demo workflow as a campaign manager would. Generated files mix real supplier keys and ids with unknown ones,
 * valid, mis-cased and unknown statuses, good, malformed and future dates, good and bad emails, quoting, embedded
 * delimiters and line breaks, byte-order marks, other encodings and random bytes. Properties: every upload answers
 * 200, 400 or 413 (never a 500), quickly; a refusal names where (the file, a column or "row N: field") and changes
 * nothing (all or nothing); an accepted file reports no more changes than it has rows. Deterministic: fixed seed
 * (FUZZ_SEED), FUZZ_RUNS scales the budget.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { campaignEnrolments, campaignWorkflows } from '@sextant/db';
import { createDemoJobsApp, demoJobId } from '../demo-jobs-fixture.ts';
import type { TestApp } from '../harness.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const params = (numRuns: number) => ({ seed: SEED, numRuns: runs(numRuns), endOnFailure: true });
const CASE_MS = 5_000;
const WHERE = /^(file|columns(\.\d+)?|row \d+: (supplierKey|supplierId|supplier|status|date|contactEmail))$/;

describe('campaign CSV uploads (fuzz)', () => {
  let t: TestApp;
  let cm: string;
  let url: (kind: 'outcomes' | 'contacts') => string;
  let workflowId: string;
  let keys: string[];
  let ids: string[];

  const snapshot = async () =>
    JSON.stringify(
      await t.db.db
        .select({
          key: campaignEnrolments.supplierKey,
          status: campaignEnrolments.status,
          contact: campaignEnrolments.contactEmail,
          updatedAt: campaignEnrolments.updatedAt,
        })
        .from(campaignEnrolments)
        .where(eq(campaignEnrolments.workflowId, workflowId))
        .orderBy(asc(campaignEnrolments.supplierKey)),
    );

  beforeAll(async () => {
    t = await createDemoJobsApp('pglite');
    const jobId = await demoJobId(t, 'Albion');
    const deadline = Date.now() + 120_000;
    let wf: { id: string } | undefined;
    while (!wf && Date.now() < deadline) {
      [wf] = await t.db.db
        .select({ id: campaignWorkflows.id })
        .from(campaignWorkflows)
        .where(eq(campaignWorkflows.jobId, jobId));
      if (!wf) await new Promise((r) => setTimeout(r, 300));
    }
    workflowId = wf!.id;
    await t.app.ctx.proq.stop(); // nothing else changes the enrolments while the files are uploaded
    const rows = await t.db.db.select().from(campaignEnrolments).where(eq(campaignEnrolments.workflowId, workflowId));
    keys = rows.map((r) => r.supplierKey);
    ids = rows.flatMap((r) => (r.supplierId ? [r.supplierId] : []));
    expect(keys.length).toBeGreaterThan(3);
    cm = await t.login('campaignManager');
    url = (kind) => `/api/v1/jobs/${jobId}/campaign-workflows/${workflowId}/${kind}`;
  }, 400_000);
  afterAll(async () => t?.close());

  const cell = () =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...keys) },
      { weight: 1, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.constant('') },
      fc.constantFrom('Pending', 'active', 'SUCCEEDED', 'Failed', 'Declined', 'Optedout', ''),
      fc.constantFrom('2026-01-31', '2026-02-30', '2999-01-01', '31/12/2025', '2025-06-01T10:00:00Z'),
      fc.constantFrom('a@b.example', 'no-at-sign', 'x@y', '<a@b.example>', 'a@b.example;c@d.example'),
      fc.constantFrom('"', '""', ',', ';', '\n', '\r\n', '\u0000', '\uFEFF', "=cmd|' /C calc'!A0"),
      fc.string({ maxLength: 24 }),
      fc.string({ unit: 'grapheme', maxLength: 8 }),
    );
  const header = fc
    .subarray(['supplierKey', 'supplierId', 'status', 'date', 'note', 'contactEmail'], { minLength: 1 })
    .chain((cols) =>
      fc.tuple(
        fc.shuffledSubarray(cols, { minLength: cols.length, maxLength: cols.length }),
        fc.array(fc.constantFrom('Supplier Key', ' STATUS ', 'contact_email', '__proto__', 'extra', ''), {
          maxLength: 2,
        }),
      ),
    )
    .map(([cols, extra]) => [...cols, ...extra]);
  const quote = (v: string, q: boolean) => (q ? `"${v.replace(/"/g, '""')}"` : v);
  const csv = () =>
    fc
      .record({
        header,
        rows: fc.array(fc.array(fc.tuple(cell(), fc.boolean()), { maxLength: 8 }), { maxLength: 25 }),
        delimiter: fc.constantFrom(',', ',', ';', '\t'),
        eol: fc.constantFrom('\n', '\r\n'),
        quoteHeader: fc.boolean(),
      })
      .map((f) =>
        [
          f.header.map((h) => quote(h, f.quoteHeader)).join(f.delimiter),
          ...f.rows.map((r) => r.map(([v, q]) => quote(v, q)).join(f.delimiter)),
        ].join(f.eol),
      );
  const encoded = () =>
    fc.oneof(
      { weight: 6, arbitrary: csv().map((s) => Buffer.from(s, 'utf8')) },
      { weight: 1, arbitrary: csv().map((s) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(s)])) },
      { weight: 1, arbitrary: csv().map((s) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')])) },
      { weight: 1, arbitrary: csv().map((s) => Buffer.from(s, 'latin1')) },
      { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2048 }).map((u) => Buffer.from(u)) },
    );

  const seen = { outcomes: new Set<number>(), contacts: new Set<number>() };
  async function upload(kind: 'outcomes' | 'contacts', content: Buffer) {
    const before = await snapshot();
    const started = Date.now();
    const res = await t.upload(url(kind), { name: `${kind}.csv`, content }, cm);
    expect(Date.now() - started).toBeLessThan(CASE_MS);
    expect([200, 400, 413], res.body).toContain(res.statusCode);
    seen[kind].add(res.statusCode);
    const body = res.json() as {
      message: string;
      errors?: { path: string; message: string }[];
      rows?: number;
      applied?: number;
      unchanged?: number;
    };
    expect(body.message.length).toBeGreaterThan(0);
    if (res.statusCode === 200) {
      expect(body.rows).toBeGreaterThan(0);
      expect(body.applied! + body.unchanged!).toBeLessThanOrEqual(body.rows!);
      return;
    }
    expect(body.errors?.length, res.body).toBeGreaterThan(0);
    for (const e of body.errors!) {
      expect(e.path, res.body).toMatch(WHERE);
      expect(e.message.length).toBeGreaterThan(0);
    }
    expect(await snapshot(), 'a refused file changed nothing').toBe(before);
  }

  it('answers every outcome file with 200 or a located refusal that changed nothing', async () => {
    await fc.assert(
      fc.asyncProperty(encoded(), (b) => upload('outcomes', b)),
      params(60),
    );
  });

  it('answers every contact file with 200 or a located refusal that changed nothing', async () => {
    await fc.assert(
      fc.asyncProperty(encoded(), (b) => upload('contacts', b)),
      params(60),
    );
  });
});
