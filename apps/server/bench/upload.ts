/**
 * `npm run bench -- upload [suppliers=100000] [network=100000]`: a new user's first contact at scale —
 * a supplier CSV of N rows (suppliers of the reference network with realistic noise, a quarter absent from it)
 * uploaded over HTTP (format check, preview, header detection, validation of every row), then run to Ready.
 * Target: upload → Ready ≤ 30 s for 100,000 suppliers against the 100k network on 2 cores.
 *
 * Setup (not measured): the app on PGlite and the reference network (generated once per data folder).
 * One JSON line per measurement: upload (HTTP request to the validated file), run (POST /runs to Ready, with each
 * step's seconds), total (upload + run).
 */
import { eq } from 'drizzle-orm';
import { buyers, issuers } from '@sextant/db';
import type { TJobDetails, TJobFile } from '@sextant/shared';
import { labelledCsv, makeLabelledSuppliers } from '@sextant/analysis';
import { createTestApp } from '../test/harness.ts';
import { ensureNetwork, NETWORK_SEED } from '../src/modules/jobs/network.ts';

const N = Number(process.argv[2] ?? 100_000);
const NETWORK = Number(process.argv[3] ?? 100_000);
const TARGET_S = 30;

const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(JSON.stringify({ suite: 'upload', suppliers: N, network: NETWORK, measurement, ...values }));
const s1 = (ms: number) => Math.round(ms / 100) / 10;

async function main() {
  const t = await createTestApp('pglite', {
    NETWORK_MERCHANTS: String(NETWORK),
    UPLOAD_MAX_MB: '500',
    PROQ_MIN_DELAY_MS: '20',
    PROQ_MAX_DELAY_MS: '100',
  });
  try {
    const cookie = await t.login('ptcoJobManager');
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const jobId = (
      await t.call(
        'POST',
        `/api/v1/job-artifacts?name=Upload bench ${N}&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`,
        {
          cookie,
        },
      )
    ).json().id as string;
    const present = Math.round(N * 0.75);
    const csv = labelledCsv(
      makeLabelledSuppliers({
        networkSeed: NETWORK_SEED,
        networkSize: NETWORK,
        present,
        absent: N - present,
        seed: 22,
      }),
    );
    const networkStart = performance.now();
    await ensureNetwork(t.app.ctx);
    emit('setup', { networkSeconds: s1(performance.now() - networkStart), csvMB: Math.round(csv.length / 1e5) / 10 });

    const t0 = performance.now();
    const up = await t.upload(
      `/api/v1/jobs/${jobId}/files?dataKind=suppliers`,
      { name: 'suppliers.csv', content: csv },
      cookie,
    );
    const uploadMs = performance.now() - t0;
    if (up.statusCode !== 200) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
    const file = up.json() as TJobFile;
    if (file.status !== 'validated') throw new Error(`upload not validated: ${JSON.stringify(file.validation)}`);
    emit('upload', { seconds: s1(uploadMs), rows: file.validation?.rowCount, valid: file.validation?.validRowCount });

    await t.app.ctx.proq.start();
    const t1 = performance.now();
    const run = await t.call('POST', `/api/v1/jobs/${jobId}/runs`, { cookie });
    if (run.statusCode !== 200) throw new Error(`run refused: ${run.body}`);
    let done: TJobDetails;
    for (;;) {
      done = (await t.call('GET', `/api/v1/jobs/${jobId}`, { cookie })).json() as TJobDetails;
      if (done.status !== 'Processing') break;
      if (performance.now() - t1 > 600_000) throw new Error('run did not finish in 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    const runMs = performance.now() - t1;
    if (done.status !== 'Ready') throw new Error(`run failed: ${done.runs[0]?.error}`);
    const steps = Object.fromEntries(
      done.runs[0]!.steps.map((s) => [
        s.step,
        s.startedAt && s.completedAt ? s1(Date.parse(s.completedAt) - Date.parse(s.startedAt)) : null,
      ]),
    );
    emit('run', { seconds: s1(runMs), steps });
    const total = s1(uploadMs + runMs);
    emit('total', { seconds: total, targetSeconds: TARGET_S, withinTarget: total <= TARGET_S });
  } finally {
    await t.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
