/**
 * Migration 0007 (internal staff, DESIGN §6): adds users.is_internal and backfills it for the accounts that were
 * internal staff under the old rule ("no issuer membership") AND hold an internal-staff role. The test rewinds a
 * migrated database to before 0007 (drops the column), writes rows, and runs the migration's SQL again.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandings, issuerMemberships, issuers, roles, userRoles, users } from './schema/index.ts';
import { createTestDb, dbKinds, type TestDb } from './testing.ts';

describe.each(dbKinds())('migration 0007 internal staff on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds is_internal (default false) and flags only membership-less holders of a staff role', async () => {
    const [b] = await t.db
      .insert(brandings)
      .values({
        brandingKey: 'b',
        theme: 'paytech',
        brandingDisplayName: 'B',
        emailSenderAddress: 'a@b.c',
        emailSenderName: 'B',
      })
      .returning();
    const [issuer] = await t.db
      .insert(issuers)
      .values({
        name: 'Bank',
        issuerKey: 'bank',
        scheme: 'Visa',
        language: 'en',
        brandingId: b!.brandingId,
        analysisDataDownloadProfileId: 'p1',
        matchedDataOnlyDownloadProfileId: 'p2',
        onboardingDataDownloadProfileId: 'p3',
      })
      .returning();
    await t.db
      .insert(roles)
      .values(
        ['sysAdmin', 'JobSummaryAccessor', 'ptcoJobManager', 'issuer', 'client'].map((role) => ({
          role,
          kind: 'standard',
          displayName: role,
          description: role,
        })),
      )
      .onConflictDoNothing();
    // Rewind to before 0007.
    await t.query('alter table users drop column is_internal');

    const add = async (username: string, roles: string[], member: boolean) => {
      const [row] = await t.query<{ id: string }>(
        `insert into users (idp_id, id_provider_name, username, display_name) values ($1, 'local', $1, $1) returning id`,
        [username],
      );
      for (const role of roles)
        await t.query('insert into user_roles (user_id, role) values ($1, $2)', [row!.id, role]);
      if (member)
        await t.query(`insert into issuer_memberships (issuer_id, user_id, role) values ($1, $2, 'Manager')`, [
          issuer!.id,
          row!.id,
        ]);
    };
    await add('staffAdmin', ['sysAdmin', 'JobSummaryAccessor'], false);
    await add('staffJobManager', ['ptcoJobManager'], false);
    await add('selfRegistered', ['issuer'], false);
    await add('noRoles', [], false);
    await add('tenantAdmin', ['sysAdmin'], true);
    await add('tenantUser', ['client'], true);

    // Migration 0007's own SQL, run again on the rewound table (later migrations do not depend on it being last).
    const migration = readFileSync(new URL('../migrations/0007_internal_staff.sql', import.meta.url), 'utf8');
    for (const statement of migration
      .split('--> statement-breakpoint')
      .map((x) => x.trim())
      .filter(Boolean))
      await t.query(statement);

    const rows = await t.db
      .select({ username: users.username, isInternal: users.isInternal })
      .from(users)
      .orderBy(users.username);
    expect(Object.fromEntries(rows.map((r) => [r.username, r.isInternal]))).toEqual({
      noRoles: false,
      selfRegistered: false,
      staffAdmin: true,
      staffJobManager: true,
      tenantAdmin: false,
      tenantUser: false,
    });
    // New rows default to tenant users.
    const [fresh] = await t.db
      .insert(users)
      .values({ idpId: 'new', idProviderName: 'local', username: 'new', displayName: 'New' })
      .returning();
    expect(fresh!.isInternal).toBe(false);
    // Untouched: roles and memberships.
    expect((await t.db.select().from(userRoles)).length).toBe(6);
    expect((await t.db.select().from(issuerMemberships)).length).toBe(2);
  });
});
