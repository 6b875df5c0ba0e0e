/**
 * Demo data for "Merge linked accounts": the demo tester also signed in once through single sign-on, which made a
 * second account with the same email. Seeded by the running app's demo seed only (not by the test harness, whose
 * tests count the demo users). Idempotent.
 */
import { eq } from 'drizzle-orm';
import { userRoles, users, type Db } from '@sextant/db';

export const DEMO_LINKED_ACCOUNT = {
  idProviderName: 'Sextant SSO',
  idpId: 'sso|tomas.berg',
  username: 'tomas.berg@sso',
  displayName: 'Tomas Berg (SSO)',
  twinOf: 'tester',
  roles: ['readOnly'],
} as const;

export async function seedDemoLinkedAccount(db: Db): Promise<boolean> {
  const [twin] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.username, DEMO_LINKED_ACCOUNT.twinOf));
  if (!twin?.email) return false;
  const [row] = await db
    .insert(users)
    .values({
      idProviderName: DEMO_LINKED_ACCOUNT.idProviderName,
      idpId: DEMO_LINKED_ACCOUNT.idpId,
      username: DEMO_LINKED_ACCOUNT.username,
      email: twin.email.toUpperCase(),
      emailVerified: true, // the identity provider said so (email_verified)
      displayName: DEMO_LINKED_ACCOUNT.displayName,
      givenName: 'Tomas',
      surname: 'Berg',
      approved: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) return false;
  await db.insert(userRoles).values(DEMO_LINKED_ACCOUNT.roles.map((role) => ({ userId: row.id, role })));
  return true;
}
