/** A job with completed runs, made through the API (create, upload, run, wait), for tests of tools over jobs. */
import { eq } from 'drizzle-orm';
import { buyers, issuers } from '@sextant/db';
import type { TestApp } from './harness.ts';

export const supplierCsv = (n: number, spendFactor = 1) =>
  [
    'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
    ...Array.from(
      { length: n },
      (_, i) =>
        `V${1000 + i};Supplier ${i} Trading Ltd;${i + 1} High Street;AB${i} 1CD;London;GB;${(i + 1) * 1234.5 * spendFactor}`,
    ),
  ].join('\n');

export async function until<T>(fn: () => Promise<T>, done: (v: T) => boolean, ms = 120_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - start > ms) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function northbridge(t: TestApp) {
  const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
  const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
  return { issuerId: nb!.id, buyerId: b!.id };
}

/** Creates a base job for a Northbridge buyer with a supplier file (as `cookie`); returns its id. */
export async function createJobWithFile(t: TestApp, cookie: string, name: string, csv: string): Promise<string> {
  const { issuerId, buyerId } = await northbridge(t);
  const created = await t.call(
    'POST',
    `/api/v1/job-artifacts?name=${encodeURIComponent(name)}&type=base&issuerId=${issuerId}&buyerId=${buyerId}`,
    { cookie },
  );
  if (created.statusCode !== 200) throw new Error(`job create: ${created.body}`);
  const jobId = created.json().id as string;
  const up = await t.upload(
    `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
    { name: 'suppliers.csv', content: csv },
    cookie,
  );
  if (up.json().status !== 'validated') throw new Error(`upload: ${up.body}`);
  return jobId;
}

/** Starts a run and waits until it is no longer queued or running; returns the job details. */
export async function runAndWait(t: TestApp, cookie: string, jobId: string) {
  const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie });
  if (run.statusCode !== 200) throw new Error(`run: ${run.statusCode} ${run.body}`);
  return until(
    async () => (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie })).json(),
    (d) => d.status !== 'Processing',
  );
}
