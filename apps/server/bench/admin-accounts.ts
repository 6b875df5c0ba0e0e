/**
 * `npm run bench -- admin-accounts [links=5000]`: translations and magic links on PGlite, over fastify.inject.
 * Measures the served overrides per language (miss, cache hit, 304 revalidation), the admin translation list
 * (search), a CSV import that overrides every German key (validated, one transaction), and the magic-link list
 * with N links. One JSON line per measurement (ms percentiles).
 */
import { eq } from 'drizzle-orm';
import { buyers, issuers, signInTokens, users } from '@sextant/db';
import { createTestApp } from '../test/harness.ts';

const LINKS = Number(process.argv[2] ?? 5000);
const emit = (measurement: string, values: Record<string, unknown>) =>
  console.log(JSON.stringify({ suite: 'admin-accounts', measurement, ...values }));

async function timed(n: number, fn: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const q = (p: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]! * 100) / 100;
  return { n, p50: q(0.5), p95: q(0.95), max: q(1) };
}

async function main() {
  const t = await createTestApp('pglite');
  try {
    const admin = await t.login('sysAdmin');
    // every German key overridden through one import
    const csv = (await t.call('GET', '/api/v1/translations/export.csv?language=de', { cookie: admin })).body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const rows = csv.length - 1;
    const t0 = performance.now();
    const imp = await t.upload(
      '/api/v1/translations/import',
      { name: 'de.csv', content: csv.map((l, i) => (i === 0 ? l : l.replace(/,([^,]*)$/, ',"$1"'))).join('\n') },
      admin,
    );
    // the export's last column is the (empty) override: rewrite it as the bundled text (keeps placeholders)
    const body = ['language,namespace,key,override'];
    const exported = (await t.call('GET', '/api/v1/translations/export.csv?language=de', { cookie: admin })).body;
    const { parse } = await import('csv-parse/sync');
    for (const r of parse(exported.replace(/^\uFEFF/, ''), { columns: true }) as Record<string, string>[])
      body.push(
        [r.language, r.namespace, r.key, `${r.bundled || r.key} *`].map((v) => `"${v!.replace(/"/g, '""')}"`).join(','),
      );
    const i0 = performance.now();
    const res = await t.upload('/api/v1/translations/import', { name: 'de.csv', content: body.join('\n') }, admin);
    emit('translation-import', {
      rows,
      status: res.statusCode,
      set: res.json().set,
      ms: Math.round(performance.now() - i0),
      noopImportStatus: imp.statusCode,
      noopImportMs: Math.round(i0 - t0),
    });
    const first = await t.call('GET', '/api/v1/translations/de');
    emit('served-overrides', {
      bytes: first.body.length,
      ...(await timed(200, () => t.call('GET', '/api/v1/translations/de'))),
    });
    const etag = first.headers.etag as string;
    emit('served-overrides-304', {
      ...(await timed(200, () => t.call('GET', '/api/v1/translations/de', { headers: { 'if-none-match': etag } }))),
    });
    emit('translation-list-search', {
      ...(await timed(50, () =>
        t.call('GET', '/api/v1/translations?language=de&q=sign&pageSize=50', { cookie: admin }),
      )),
    });

    // magic links: N upload links on one job
    const [nb] = await t.db.db.select().from(issuers).where(eq(issuers.issuerKey, 'northbridge'));
    const [b] = await t.db.db.select().from(buyers).where(eq(buyers.issuerId, nb!.id));
    const jobId = (
      await t.call('POST', `/api/v1/job-artifacts?name=Links bench&type=base&issuerId=${nb!.id}&buyerId=${b!.id}`, {
        cookie: admin,
      })
    ).json().id as string;
    const [sys] = await t.db.db.select().from(users).where(eq(users.username, 'sysAdmin'));
    const l0 = performance.now();
    for (let i = 0; i < LINKS; i += 500)
      await t.db.db.insert(signInTokens).values(
        Array.from({ length: Math.min(500, LINKS - i) }, (_, k) => ({
          tokenHash: `bench-${i + k}`,
          purpose: 'job-upload' as const,
          email: `buyer${i + k}@acme.example`,
          jobArtifactId: jobId,
          issuedBy: sys!.id,
          expiresAt: new Date(Date.now() + ((i + k) % 3 === 0 ? -1 : 1) * 86_400_000),
        })),
      );
    emit('links-setup', { links: LINKS, ms: Math.round(performance.now() - l0) });
    const issue = await timed(50, () =>
      t.call('POST', '/api/v1/magic-links/upload-links', { cookie: admin, body: { jobId, email: 'x@acme.example' } }),
    );
    emit('link-issue', issue);
    emit('link-list', {
      links: LINKS,
      ...(await timed(50, () => t.call('GET', '/api/v1/magic-links?pageSize=25', { cookie: admin }))),
    });
    emit('link-list-filtered', {
      links: LINKS,
      ...(await timed(50, () =>
        t.call('GET', '/api/v1/magic-links?state=Expired&q=buyer1&pageSize=25', { cookie: admin }),
      )),
    });
  } finally {
    await t.close();
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
