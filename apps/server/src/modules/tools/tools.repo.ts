/** SQL of the Tools area: the imported company register, the send-email log and its recipient picker. */
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  brandings,
  companyRegisterEntries,
  companyRegisterImports,
  emailOutbox,
  issuerMemberships,
  issuers,
  toolEmails,
  users,
  type DbOrTx,
} from '@sextant/db';
import type { TRegisterOfficer } from '@sextant/shared';
import { usersInIssuers } from '../authorization/index.ts';
import { brandingScopeCondition } from '../brandings/index.ts';

export interface RegisterRow {
  number: string;
  name: string;
  status: string | null;
  address: string | null;
  incorporationDate: string | null;
  sic: string[];
  officers: TRegisterOfficer[] | null;
}

/** Writes an import and upserts its companies by number; returns how many numbers were already there. */
export async function importRegister(
  tx: DbOrTx,
  fileName: string,
  rows: RegisterRow[],
  userId: string,
): Promise<{ importId: string; updated: number }> {
  const [imp] = await tx
    .insert(companyRegisterImports)
    .values({ fileName, rows: rows.length, importedBy: userId })
    .returning({ id: companyRegisterImports.id });
  let updated = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    const existing = await tx
      .select({ n: count() })
      .from(companyRegisterEntries)
      .where(
        inArray(
          companyRegisterEntries.number,
          chunk.map((r) => r.number),
        ),
      );
    updated += Number(existing[0]?.n ?? 0);
    await tx
      .insert(companyRegisterEntries)
      .values(chunk.map((r) => ({ ...r, nameSearch: r.name.toLowerCase(), importId: imp!.id })))
      .onConflictDoUpdate({
        target: companyRegisterEntries.number,
        set: {
          name: sql`excluded.name`,
          nameSearch: sql`excluded.name_search`,
          status: sql`excluded.status`,
          address: sql`excluded.address`,
          incorporationDate: sql`excluded.incorporation_date`,
          sic: sql`excluded.sic`,
          officers: sql`excluded.officers`,
          importId: sql`excluded.import_id`,
          updatedAt: sql`now()`,
        },
      });
  }
  return { importId: imp!.id, updated };
}

export async function searchRegister(db: DbOrTx, q: string, limit: number) {
  const needle = q.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`);
  return db
    .select()
    .from(companyRegisterEntries)
    .where(
      or(
        sql`upper(${companyRegisterEntries.number}) = ${q.toUpperCase().replace(/\s+/g, '')}`,
        ilike(companyRegisterEntries.nameSearch, `%${needle}%`),
      ),
    )
    .orderBy(
      sql`case when upper(${companyRegisterEntries.number}) = ${q.toUpperCase().replace(/\s+/g, '')} then 0 when ${companyRegisterEntries.nameSearch} like ${`${needle}%`} then 1 else 2 end`,
      companyRegisterEntries.name,
    )
    .limit(limit);
}

export async function registerStatus(db: DbOrTx) {
  const [totals] = await db
    .select({
      entries: count(),
      withOfficers: sql<number>`count(*) filter (where ${companyRegisterEntries.officers} is not null)`,
    })
    .from(companyRegisterEntries);
  const imports = await db
    .select({
      id: companyRegisterImports.id,
      fileName: companyRegisterImports.fileName,
      rows: companyRegisterImports.rows,
      importedAt: companyRegisterImports.importedAt,
      importedBy: users.username,
    })
    .from(companyRegisterImports)
    .leftJoin(users, eq(users.id, companyRegisterImports.importedBy))
    .orderBy(desc(companyRegisterImports.importedAt))
    .limit(20);
  return { entries: Number(totals?.entries ?? 0), withOfficers: Number(totals?.withOfficers ?? 0), imports };
}

/** Users the caller may write to: within their issuers (null = every user), matching the search text. */
export async function recipientsInScope(db: DbOrTx, issuerIds: string[] | null, q: string, limit = 20) {
  const needle = `%${q.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: users.id, username: users.username, displayName: users.displayName, email: users.email })
    .from(users)
    .where(
      and(
        usersInIssuers(issuerIds),
        eq(users.isDeactivated, false),
        isNotNull(users.email),
        q ? or(ilike(users.username, needle), ilike(users.displayName, needle), ilike(users.email, needle)) : undefined,
      ),
    )
    .orderBy(users.displayName, users.username)
    .limit(limit);
  const memberships = rows.length
    ? await db
        .select({ userId: issuerMemberships.userId, name: issuers.name })
        .from(issuerMemberships)
        .innerJoin(issuers, eq(issuers.id, issuerMemberships.issuerId))
        .where(
          inArray(
            issuerMemberships.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  return rows.map((r) => ({
    ...r,
    email: r.email!,
    issuers: memberships.filter((m) => m.userId === r.id).map((m) => m.name),
  }));
}

/** The given users, when every one of them is in scope (null = every user); otherwise null. */
export async function usersByIdInScope(db: DbOrTx, ids: string[], issuerIds: string[] | null) {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, email: users.email, brandingId: users.brandingId })
    .from(users)
    .where(and(inArray(users.id, ids), usersInIssuers(issuerIds)));
  return rows;
}

export async function logSentEmail(
  tx: DbOrTx,
  row: {
    outboxId: string;
    toAddress: string;
    recipientUserId: string | null;
    subject: string;
    brandingId: string | null;
    language: string;
    sentBy: string;
  },
): Promise<void> {
  await tx.insert(toolEmails).values(row);
}

/**
 * WHERE condition over tool_emails for a tenant user (undefined = every message, internal staff): messages sent by the
 * caller or by a member of one of their issuers, to one of those issuers' users or to a typed address, in no
 * branding or one the caller may see — never another tenant's recipients, names or branding.
 */
export function toolEmailScope(
  db: DbOrTx,
  issuerIds: readonly string[] | null,
  callerId: string,
  ownBrandingId: string | null,
): SQL | undefined {
  if (issuerIds === null) return undefined;
  const memberOfMine = (userColumn: SQL | typeof toolEmails.sentBy) =>
    issuerIds.length
      ? sql`exists (select 1 from ${issuerMemberships} where ${issuerMemberships.userId} = ${userColumn} and ${inArray(issuerMemberships.issuerId, [...issuerIds])})`
      : sql`false`;
  const brandingsSeen = brandingScopeCondition(db, issuerIds, ownBrandingId);
  return and(
    or(eq(toolEmails.sentBy, callerId), memberOfMine(toolEmails.sentBy)),
    or(isNull(toolEmails.recipientUserId), memberOfMine(sql`${toolEmails.recipientUserId}`)),
    or(
      isNull(toolEmails.brandingId),
      inArray(toolEmails.brandingId, db.select({ id: brandings.brandingId }).from(brandings).where(brandingsSeen)),
    ),
  );
}

export async function sentEmails(db: DbOrTx, scope: SQL | undefined, limit = 100) {
  const sender = sql<string | null>`(select username from users s where s.id = ${toolEmails.sentBy})`;
  return db
    .select({
      id: toolEmails.id,
      toAddress: toolEmails.toAddress,
      recipientName: users.displayName,
      subject: toolEmails.subject,
      language: toolEmails.language,
      status: sql<string>`coalesce(${emailOutbox.status}, 'unknown')`,
      error: emailOutbox.error,
      sentBy: sender,
      sentAt: toolEmails.sentAt,
    })
    .from(toolEmails)
    .leftJoin(emailOutbox, eq(emailOutbox.id, toolEmails.outboxId))
    .leftJoin(users, eq(users.id, toolEmails.recipientUserId))
    .where(scope)
    .orderBy(desc(toolEmails.sentAt))
    .limit(limit);
}
