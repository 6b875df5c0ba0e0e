/** Keeps the roles table in step with the role catalogue in packages/shared (run at every start). */
import { sql } from 'drizzle-orm';
import { roles, type Db } from '@sextant/db';
import { ROLES, ROLE_DESCRIPTIONS, roleKind } from '@sextant/shared';

export async function syncRoles(db: Db): Promise<void> {
  await db
    .insert(roles)
    .values(ROLES.map((role) => ({ role, kind: roleKind(role), ...ROLE_DESCRIPTIONS[role] })))
    .onConflictDoUpdate({
      target: roles.role,
      set: {
        kind: sql`excluded.kind`,
        displayName: sql`excluded.display_name`,
        description: sql`excluded.description`,
      },
    });
}
