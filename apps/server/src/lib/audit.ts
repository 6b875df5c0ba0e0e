/** System audit log writer. Details must never carry tokens or passwords: callers pass only safe fields. */
import type { FastifyRequest } from 'fastify';
import { systemAuditLog, type DbOrTx } from '@sextant/db';

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | null;
  outcome?: 'success' | 'failure' | 'denied';
  details?: Record<string, unknown>;
  userId?: string | null;
  username?: string | null;
  issuerId?: string | null;
  ip?: string | null;
}

const SECRET_KEYS = /pass|token|secret|hash|cookie|authorization/i;

function scrub(details: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!details) return undefined;
  return Object.fromEntries(Object.entries(details).filter(([k]) => !SECRET_KEYS.test(k)));
}

/**
 * Writes an audit row. `tx` is the transaction of the change the row records (`db.transaction`), so the change
 * and its row commit together or not at all; an event that changes nothing (a refused or failed attempt, a sent
 * invitation) passes the database.
 */
export async function writeAudit(tx: DbOrTx, entry: AuditEntry, req?: FastifyRequest): Promise<void> {
  const auth = req?.auth;
  await tx.insert(systemAuditLog).values({
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    outcome: entry.outcome ?? 'success',
    details: scrub(entry.details) ?? null,
    userId: entry.userId !== undefined ? entry.userId : (auth?.user.id ?? null),
    username: entry.username !== undefined ? entry.username : (auth?.user.username ?? null),
    issuerId: entry.issuerId ?? auth?.issuerIds[0] ?? null,
    ip: entry.ip ?? req?.ip ?? null,
  });
}
