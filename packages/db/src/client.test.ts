import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { brandings, issuers, users } from './schema/index.ts';
import { createTestDb, dbKinds, type TestDb } from './testing.ts';
import { migrateDb } from './client.ts';

describe.each(dbKinds())('database on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies migrations idempotently (a second run changes nothing)', async () => {
    await migrateDb(t, t.url);
    const tables = await t.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['users', 'issuers', 'brandings', 'sessions', 'system_audit_log', 'email_outbox']),
    );
  });

  it('stores issuer arrays and enforces unique issuer keys', async () => {
    const [b] = await t.db
      .insert(brandings)
      .values({
        brandingKey: `k-${kind}`,
        theme: 'paytech',
        brandingDisplayName: 'P',
        emailSenderAddress: 'a@b.c',
        emailSenderName: 'P',
      })
      .returning();
    const values = {
      name: 'Bank',
      issuerKey: 'bank',
      scheme: 'Visa' as const,
      language: 'en',
      brandingId: b!.brandingId,
      analysisDataDownloadProfileId: 'p1',
      matchedDataOnlyDownloadProfileId: 'p2',
      onboardingDataDownloadProfileId: 'p3',
      virtualLockboxes: ['Boost', 'Its'],
    };
    const [row] = await t.db.insert(issuers).values(values).returning();
    expect(row!.virtualLockboxes).toEqual(['Boost', 'Its']);
    await expect(t.db.insert(issuers).values(values)).rejects.toThrow();
    expect(await t.db.select().from(issuers).where(eq(issuers.issuerKey, 'bank'))).toHaveLength(1);
  });

  it('identifies users by (idProviderName, idpId)', async () => {
    await t.db.insert(users).values({ idpId: 'x', idProviderName: 'local', username: 'u1', displayName: 'U' });
    await expect(
      t.db.insert(users).values({ idpId: 'x', idProviderName: 'local', username: 'u2', displayName: 'U' }),
    ).rejects.toThrow();
    await t.db.insert(users).values({ idpId: 'x', idProviderName: 'oidc', username: 'u3', displayName: 'U' });
  });

  it('rolls a failed transaction back completely', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(users).values({ idpId: 'y', idProviderName: 'local', username: 'rollback', displayName: 'R' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await t.db.select().from(users).where(eq(users.username, 'rollback'))).toHaveLength(0);
  });
});

describe('PGlite under many concurrent queries', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets the event loop turn while a queue of queries runs (sockets and new connections are served), in order', async () => {
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const done: number[] = [];
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 400 }, (_, i) =>
        t.query<{ x: number }>('select $1::int as x, pg_sleep(0.0002)', [i]).then((r) => done.push(r[0]!.x)),
      ),
    );
    const ms = performance.now() - started;
    counting = false;
    // first come, first served
    expect(done).toEqual(Array.from({ length: 400 }, (_, i) => i));
    // at most a few ms of queries per turn: without the yield the whole queue ran in one or two turns
    expect(turns).toBeGreaterThan(Math.min(50, ms / 20));
    // a failed query does not hold up the ones behind it; transactions still work
    const results = await Promise.allSettled([
      t.query('select * from no_such_table'),
      t.db.transaction(async (tx) => {
        await tx.execute('select 1 as y');
        return true;
      }),
      t.query<{ z: number }>('select 2 as z'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
  });
});
