/**
 * System audit log (SPEC §2 /admin/system-logs): paged, filterable reading and the retention purge.
 * Internal staff read every entry; a tenant user holding SystemLogs_VIEW reads only entries of their issuers.
 * Entries older than AUDIT_RETENTION_DAYS (default 365) are purged periodically by `startAuditRetention`.
 */
import type { TAuditLogEntry, TAuditLogFacets, TPagedResult, TPagingRequestParsed } from '@sextant/shared';
import type { DbOrTx } from '@sextant/db';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { tenantScopeOf } from '../authorization/index.ts';
import { auditFacets, deleteAuditBefore, findAuditEntry, pageAuditLog, type AuditRow } from './audit-logs.repo.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toEntry(r: AuditRow): TAuditLogEntry {
  const e = r.entry;
  return {
    id: Number(e.id),
    at: iso(e.at)!,
    userId: e.userId,
    username: e.username,
    issuerId: e.issuerId,
    issuerName: r.issuerName,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    outcome: e.outcome,
    details: (e.details as Record<string, unknown> | null) ?? null,
    ip: e.ip,
  };
}

export async function listAuditLog(
  ctx: AppContext,
  auth: AuthContext,
  request: TPagingRequestParsed,
): Promise<TPagedResult<TAuditLogEntry>> {
  const scope = await tenantScopeOf(ctx, auth);
  return pageAuditLog(ctx.db, request, scope.readIssuerIds, toEntry);
}

export async function getAuditEntry(ctx: AppContext, auth: AuthContext, id: number): Promise<TAuditLogEntry> {
  const scope = await tenantScopeOf(ctx, auth);
  const row = await findAuditEntry(ctx.db, id);
  const visible =
    row && (scope.readIssuerIds === null || (row.entry.issuerId && scope.readIssuerIds.includes(row.entry.issuerId)));
  if (!row || !visible) throw notFound('Audit entry');
  return toEntry(row);
}

export async function getAuditFacets(ctx: AppContext, auth: AuthContext): Promise<TAuditLogFacets> {
  const scope = await tenantScopeOf(ctx, auth);
  const f = await auditFacets(ctx.db, scope.readIssuerIds);
  return {
    actions: f.actions,
    targetTypes: f.targetTypes,
    outcomes: ['success', 'failure', 'denied'],
    retentionDays: ctx.config.AUDIT_RETENTION_DAYS,
    oldestAt: iso(f.oldestAt),
  };
}

/**
 * Deletes audit entries older than `retentionDays` (relative to `now`) and records the purge itself when
 * anything went. Safe to run on every API node at once (a plain DELETE).
 */
export async function purgeAuditLog(db: DbOrTx, retentionDays: number, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    const deleted = await deleteAuditBefore(tx, before);
    if (deleted > 0)
      await writeAudit(tx, {
        action: 'audit.purge',
        targetType: 'system-audit-log',
        details: { deleted, before: before.toISOString(), retentionDays },
      });
    return deleted;
  });
}

export const AUDIT_PURGE_INTERVAL_MS = 6 * 3_600_000;

/**
 * Runs the retention purge now and then every `intervalMs` (default 6 h); returns a stop function.
 * Wire into main.ts: `const stopAuditRetention = startAuditRetention(ctx);` and call it on shutdown.
 */
export function startAuditRetention(ctx: AppContext, intervalMs = AUDIT_PURGE_INTERVAL_MS): () => void {
  const run = () =>
    purgeAuditLog(ctx.db, ctx.config.AUDIT_RETENTION_DAYS)
      .then((n) => {
        if (n > 0) ctx.log.info({ deleted: n }, 'Audit log retention purge');
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'Audit log retention purge failed'));
  void run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
