/**
 * Dev area: debug logging (the server log level raised for a limited time, then back to the configured level),
 * the CSV anonymiser (consistent pseudonyms per column kind), reset all jobs (a ProQ command) and the database
 * anonymiser. The last two are development-only routes (refused elsewhere by the access plugin, and again here).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ANONYMIZE_KINDS,
  ERROR_CODES,
  ZAnonymizeChoice,
  type TAnonymizeKind,
  type TAnonymizePreview,
  type TDebugLoggingState,
  type TDevResetResult,
  type TDatabaseAnonymizeResult,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import type { CommandDefOf } from '../../proq/types.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, badRequest, fieldError } from '../../lib/errors.ts';
import type { UploadedFile } from '../../lib/upload-buffer.ts';
import { csvDelimiter, uploadText } from '../../lib/upload-buffer.ts';
import { invalidateAllSessions } from '../../plugins/auth-cache.ts';
import { allRunFolders, anonymiseDatabase, countJobs, resetJobs } from './dev.repo.ts';

// --- Debug logging ---
let raised: { level: string; revertsAt: Date; timer: NodeJS.Timeout } | null = null;

export function debugLoggingState(ctx: AppContext): TDebugLoggingState {
  return {
    level: ctx.log.level ?? ctx.config.LOG_LEVEL,
    baseLevel: ctx.config.LOG_LEVEL,
    revertsAt: raised ? raised.revertsAt.toISOString() : null,
  };
}

function revert(ctx: AppContext): void {
  if (raised) clearTimeout(raised.timer);
  raised = null;
  ctx.log.level = ctx.config.LOG_LEVEL;
}

export async function raiseLogLevel(
  ctx: AppContext,
  req: FastifyRequest,
  level: string,
  minutes: number,
): Promise<TDebugLoggingState> {
  if (raised) clearTimeout(raised.timer);
  const revertsAt = new Date(Date.now() + minutes * 60_000);
  const timer = setTimeout(() => {
    revert(ctx);
    ctx.log.info({ level: ctx.config.LOG_LEVEL }, 'Debug logging ended: log level reverted');
  }, minutes * 60_000);
  timer.unref();
  raised = { level, revertsAt, timer };
  ctx.log.level = level;
  await writeAudit(
    ctx.db,
    { action: 'dev.debug-logging.raise', targetType: 'system', targetId: 'logLevel', details: { level, minutes } },
    req,
  );
  ctx.log.info({ level, until: revertsAt.toISOString() }, 'Debug logging started');
  return debugLoggingState(ctx);
}

export async function endDebugLogging(ctx: AppContext, req: FastifyRequest): Promise<TDebugLoggingState> {
  revert(ctx);
  await writeAudit(ctx.db, { action: 'dev.debug-logging.end', targetType: 'system', targetId: 'logLevel' }, req);
  return debugLoggingState(ctx);
}

// --- CSV anonymiser ---
const GUESSES: [RegExp, TAnonymizeKind][] = [
  [/e-?mail/i, 'email'],
  [/phone|tel|mobile|fax/i, 'phone'],
  [/(post|zip)\s*code|^zip$|postal/i, 'postcode'],
  [/city|town/i, 'city'],
  [/address|street|line\s*\d/i, 'address'],
  [/(supplier|vendor|company|merchant|payee|buyer|customer|business)\s*(name)?$/i, 'company'],
  [/(first|last|given|sur|full|contact|person)\s*name|^name$|contact/i, 'name'],
  [/\bid$|number|no\.?$|iban|account|vat|tax|registration|\bcode$/i, 'id'],
];
export function guessKind(header: string): TAnonymizeKind {
  for (const [re, kind] of GUESSES) if (re.test(header.trim())) return kind;
  return 'keep';
}

function readCsv(text: string): { records: string[][]; delimiter: string } {
  const delimiter = csvDelimiter(text);
  try {
    const records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      delimiter,
    }) as string[][];
    if (records.length < 1) throw new Error('no header row');
    return { records, delimiter };
  } catch (e) {
    throw badRequest(`The file is not a readable CSV: ${(e as Error).message}`, [
      { path: 'file', message: (e as Error).message },
    ]);
  }
}

export function anonymizePreview(file: UploadedFile): TAnonymizePreview {
  const { records, delimiter } = readCsv(uploadText(file));
  const header = records[0]!;
  return {
    fileName: file.fileName,
    rows: records.length - 1,
    delimiter,
    columns: header.map((column, i) => ({
      column,
      kind: guessKind(column),
      sample: records
        .slice(1, 4)
        .map((r) => r[i] ?? '')
        .filter(Boolean),
    })),
  };
}

const PSEUDONYM: Record<Exclude<TAnonymizeKind, 'keep'>, (n: number) => string> = {
  name: (n) => `Person ${n}`,
  company: (n) => `Company ${String(n).padStart(4, '0')}`,
  address: (n) => `${n} Example Street`,
  city: (n) => `City ${n}`,
  postcode: (n) => `PC${String(n).padStart(5, '0')}`,
  email: (n) => `user${n}@example.com`,
  phone: (n) => `+1 555 ${String(n).padStart(7, '0')}`,
  id: (n) => `ID${String(n).padStart(6, '0')}`,
};

/**
 * The file with the chosen columns replaced: the same value (ignoring case and spacing) gets the same pseudonym
 * everywhere in the file, in every column of the same kind, so joins and counts still hold; empty cells stay empty.
 */
export function anonymizeCsv(file: UploadedFile, choiceJson: string | undefined): { csv: string; replaced: number } {
  const { records, delimiter } = readCsv(uploadText(file));
  const header = records[0]!;
  let choice: Record<string, TAnonymizeKind>;
  if (choiceJson) {
    let json: unknown;
    try {
      json = JSON.parse(choiceJson);
    } catch {
      throw fieldError('columns', 'must be JSON: {"column": "kind"}');
    }
    const parsed = ZAnonymizeChoice.safeParse(json);
    if (!parsed.success) throw fieldError('columns', `each column's kind must be one of ${ANONYMIZE_KINDS.join(', ')}`);
    choice = parsed.data;
    const unknown = Object.keys(choice).filter((c) => !header.includes(c));
    if (unknown.length) throw fieldError('columns', `the file has no column "${unknown.join('", "')}"`);
  } else choice = Object.fromEntries(header.map((h) => [h, guessKind(h)]));
  const kinds = header.map((h) => choice[h] ?? 'keep');
  if (kinds.every((k) => k === 'keep')) throw fieldError('columns', 'choose at least one column to anonymise');
  const maps = new Map<string, Map<string, string>>();
  let replaced = 0;
  const out = [header];
  for (const rec of records.slice(1)) {
    out.push(
      rec.map((v, i) => {
        const kind = kinds[i] ?? 'keep';
        if (kind === 'keep' || !v.trim()) return v;
        let m = maps.get(kind);
        if (!m) maps.set(kind, (m = new Map()));
        const key = v.trim().toLowerCase().replace(/\s+/g, ' ');
        let p = m.get(key);
        if (!p) m.set(key, (p = PSEUDONYM[kind](m.size + 1)));
        replaced++;
        return p;
      }),
    );
  }
  return { csv: stringify(out, { delimiter }), replaced };
}

// --- Reset all jobs / database anonymiser (development only) ---
function refuseInProduction(ctx: AppContext): void {
  if (ctx.config.APP_ENV === 'production')
    throw new AppError(503, ERROR_CODES.environmentMismatch, 'This is not available in the production environment');
}

export const RESET_ALL_JOBS = 'dev.resetAllJobs';

const ZResetPayload = z.object({ requestedBy: z.string() });

declare module '../../proq/types.ts' {
  interface ProqCommands {
    'dev.resetAllJobs': typeof ZResetPayload;
  }
}

export function devCommandTypes(ctx: AppContext): CommandDefOf[] {
  return [
    {
      name: RESET_ALL_JOBS,
      category: 'Dev',
      description: 'Every job back to Draft with its files; runs, results and logs removed (development only)',
      schema: ZResetPayload,
      maxAttempts: 2,
      handler: async (_payload, hc) => {
        refuseInProduction(ctx);
        await hc.progress(5, 'Removing result folders');
        const folders = await allRunFolders(hc.db);
        for (const [i, f] of folders.entries()) {
          await ctx.blobs.deletePrefix(f);
          if (i % 20 === 0)
            await hc.progress(5 + (i / Math.max(1, folders.length)) * 80, `Result folders ${i}/${folders.length}`);
        }
        const jobs = await hc.db.transaction((tx) => resetJobs(tx));
        await hc.progress(100, `${jobs} jobs reset`);
        return `${jobs} jobs reset to Draft; ${folders.length} result folders removed`;
      },
    },
  ];
}

export async function resetAllJobs(ctx: AppContext, req: FastifyRequest, auth: AuthContext): Promise<TDevResetResult> {
  refuseInProduction(ctx);
  const jobs = await countJobs(ctx.db);
  const cmd = await ctx.db.transaction(async (tx) => {
    const c = await ctx.proq.enqueue(tx, { commandType: RESET_ALL_JOBS, payload: { requestedBy: auth.user.id } });
    await writeAudit(
      tx,
      { action: 'dev.jobs.reset-all', targetType: 'job', targetId: '*', details: { jobs, commandId: c.id } },
      req,
    );
    return c;
  });
  return {
    success: true,
    statusCode: 200,
    message: `Resetting ${jobs} job${jobs === 1 ? '' : 's'} (command ${cmd.id})`,
    jobs,
    commandId: String(cmd.id),
  };
}

export async function anonymiseDb(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
): Promise<TDatabaseAnonymizeResult> {
  refuseInProduction(ctx);
  const counts = await ctx.db.transaction(async (tx) => {
    const c = await anonymiseDatabase(tx, auth.user.id);
    await writeAudit(tx, { action: 'dev.database.anonymise', targetType: 'database', targetId: '*', details: c }, req);
    return c;
  });
  invalidateAllSessions(); // cached sessions hold the names as they were
  return {
    success: true,
    statusCode: 200,
    message: `Anonymised ${counts.users} users, ${counts.issuers} issuers, ${counts.buyers} buyers; ${counts.emails} outbox emails removed`,
    ...counts,
  };
}
