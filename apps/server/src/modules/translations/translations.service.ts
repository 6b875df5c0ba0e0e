/**
 * Translations (analysis admin): every UI string per language with its bundled text and an administrator's
 * override; single edits and CSV import/export, both validated (unknown language, namespace or key, broken
 * interpolation) and applied whole or not at all, with the audit row in the same transaction. The overrides are
 * served per language (ETag, revalidated by the browser) and merged by the web app over its bundles.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import {
  ISSUER_LANGUAGE_KEYS,
  TRANSLATION_IMPORT_MAX_ROWS,
  TRANSLATION_MAX_LENGTH,
  interpolationProblem,
  markupProblem,
  placeholdersOf,
  type TTranslationImportResult,
  type TTranslationOverrideSet,
  type TTranslationPage,
  type TTranslationRow,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { badRequest, fieldError, notFound } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { bundles, keyId, languageKeys, type LanguageKeys } from './translations.bundles.ts';
import { deleteOverride, overridesOf, upsertOverride, upsertOverrides } from './translations.repo.ts';

// ---------- served overrides (cached per process, dropped on every change made here) ----------
const CACHE_TTL_MS = 5_000;
const served = new Map<string, { at: number; etag: string; body: Record<string, Record<string, unknown>> }>();

function setPath(target: Record<string, unknown>, path: string[], value: string): void {
  let node = target;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    node = (next && typeof next === 'object' ? next : (node[part] = {})) as Record<string, unknown>;
  }
  node[path[path.length - 1]!] = value;
}

/** The overrides of a language as i18next resources (namespace → nested object), with an ETag. */
export async function servedOverrides(
  ctx: AppContext,
  language: string,
): Promise<{ etag: string; body: Record<string, Record<string, unknown>> }> {
  const hit = served.get(language);
  if (hit && Date.now() - hit.at < CACHE_TTL_MS) return hit;
  const b = await bundles();
  const body: Record<string, Record<string, unknown>> = {};
  const rows = (await overridesOf(ctx.db, language)).sort((x, y) =>
    `${x.namespace}\u0000${x.key}`.localeCompare(`${y.namespace}\u0000${y.key}`),
  );
  const own = languageKeys(b, language);
  for (const r of rows) {
    const k = own.byId.get(keyId(r.namespace, r.key));
    if (!k) continue; // a key the web app no longer has
    if (markupProblem(k.source, r.value)) continue; // stored before markup was refused: never served
    setPath((body[r.namespace] ??= {}), k.path, r.value);
  }
  const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
  const entry = { at: Date.now(), etag, body };
  served.set(language, entry);
  return entry;
}

const dropServed = () => served.clear();

// ---------- admin list ----------
export async function listTranslations(
  ctx: AppContext,
  q: { language: string; q?: string; namespace?: string; missingOnly: boolean; page: number; pageSize: number },
): Promise<TTranslationPage> {
  const b = await bundles();
  const texts = b.texts.get(q.language);
  const overrides = new Map((await overridesOf(ctx.db, q.language)).map((o) => [keyId(o.namespace, o.key), o]));
  const needle = q.q?.toLowerCase();
  const all: TTranslationRow[] = languageKeys(b, q.language).keys.map((k) => {
    const o = overrides.get(keyId(k.namespace, k.key));
    return {
      namespace: k.namespace,
      key: k.key,
      source: k.source,
      bundled: texts?.get(keyId(k.namespace, k.key)) ?? null,
      override: o?.value ?? null,
      updatedAt: o ? o.updatedAt.toISOString() : null,
      updatedBy: o?.updatedBy ?? null,
      placeholders: placeholdersOf(k.source),
    };
  });
  const missing = (r: TTranslationRow) => r.bundled === null && r.override === null;
  const rows = all.filter(
    (r) =>
      (!q.namespace || r.namespace === q.namespace) &&
      (!q.missingOnly || missing(r)) &&
      (!needle ||
        [r.namespace + ':' + r.key, r.source, r.bundled ?? '', r.override ?? ''].some((s) =>
          s.toLowerCase().includes(needle),
        )),
  );
  return {
    collection: rows.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
    totalCount: rows.length,
    currentPage: q.page,
    pageSize: q.pageSize,
    namespaces: b.namespaces,
    missingCount: all.filter(missing).length,
    overrideCount: overrides.size,
  };
}

/** Why a value cannot override a key (null when it can). */
function valueProblem(own: LanguageKeys, namespace: string, key: string, value: string): string | null {
  const k = own.byId.get(keyId(namespace, key))!;
  if (value.length > TRANSLATION_MAX_LENGTH) return `is longer than ${TRANSLATION_MAX_LENGTH} characters`;
  const markup = markupProblem(k.source, value);
  if (markup) return `The override ${markup}`;
  const p = interpolationProblem(k.source, value);
  return p ? `The override ${p}` : null;
}

// ---------- single edit ----------
export async function setOverride(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  body: TTranslationOverrideSet,
): Promise<TTranslationRow> {
  const b = await bundles();
  if (!b.namespaces.includes(body.namespace)) throw fieldError('namespace', `Unknown namespace "${body.namespace}"`);
  const own = languageKeys(b, body.language);
  const k = own.byId.get(keyId(body.namespace, body.key));
  if (!k) throw fieldError('key', `Unknown key "${body.key}" in namespace ${body.namespace}`);
  const value = body.value === null || body.value.trim() === '' ? null : body.value;
  if (value !== null) {
    const problem = valueProblem(own, body.namespace, body.key, value);
    if (problem) throw fieldError('value', `${body.namespace}:${body.key}: ${problem}`);
  }
  const before = (await overridesOf(ctx.db, body.language)).find(
    (o) => o.namespace === body.namespace && o.key === body.key,
  );
  await ctx.db.transaction(async (tx) => {
    const target = { language: body.language, namespace: body.namespace, key: body.key };
    if (value === null) await deleteOverride(tx, target);
    else await upsertOverride(tx, { ...target, value, userId: auth.user.id });
    await writeAudit(
      tx,
      {
        action: value === null ? 'translation.override.remove' : 'translation.override.set',
        targetType: 'translation',
        targetId: `${body.language}:${body.namespace}:${body.key}`,
        details: {
          language: body.language,
          namespace: body.namespace,
          key: body.key,
          before: before?.value ?? null,
          after: value,
        },
      },
      req,
    );
  });
  dropServed();
  const page = await listTranslations(ctx, {
    language: body.language,
    q: `${body.namespace}:${body.key}`,
    missingOnly: false,
    page: 1,
    pageSize: 200,
  });
  const row = page.collection.find((r) => r.namespace === body.namespace && r.key === body.key);
  if (!row) throw notFound('Translation');
  return row;
}

// ---------- CSV ----------
export async function exportCsv(ctx: AppContext, language?: string): Promise<string> {
  const b = await bundles();
  const overrides = new Map(
    (await overridesOf(ctx.db, language)).map((o) => [`${o.language}\u0000${keyId(o.namespace, o.key)}`, o.value]),
  );
  const languages = language ? [language] : [...ISSUER_LANGUAGE_KEYS];
  const records: string[][] = [];
  for (const lang of languages)
    for (const k of languageKeys(b, lang).keys) {
      const id = keyId(k.namespace, k.key);
      records.push([
        lang,
        k.namespace,
        k.key,
        b.texts.get(lang)?.get(id) ?? '',
        overrides.get(`${lang}\u0000${id}`) ?? '',
      ]);
    }
  return stringify(records, { header: true, columns: ['language', 'namespace', 'key', 'bundled', 'override'] });
}

const REQUIRED_COLUMNS = ['language', 'namespace', 'key', 'override'] as const;

/**
 * Imports overrides from a CSV (language, namespace, key, override; an empty override removes it; the bundled
 * column of an export is ignored). Every row is checked first; any error answers 400 with each row's reason and
 * nothing is applied. Otherwise all changes and one audit row (with each change's before and after) are written in
 * one transaction.
 */
export async function importCsv(
  ctx: AppContext,
  req: FastifyRequest,
  auth: AuthContext,
  csv: Buffer,
): Promise<TTranslationImportResult> {
  const b = await bundles();
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      to: TRANSLATION_IMPORT_MAX_ROWS + 1,
    }) as Record<string, string>[];
  } catch (err) {
    throw fieldError('file', `The file is not a readable CSV: ${(err as Error).message}`);
  }
  if (!records.length) throw fieldError('file', 'The file has no rows');
  const missingCols = REQUIRED_COLUMNS.filter((c) => !(c in records[0]!));
  if (missingCols.length)
    throw fieldError('file', `The file lacks the column${missingCols.length > 1 ? 's' : ''} ${missingCols.join(', ')}`);
  if (records.length > TRANSLATION_IMPORT_MAX_ROWS)
    throw fieldError('file', `The file has more than ${TRANSLATION_IMPORT_MAX_ROWS} rows`);

  const existing = new Map(
    (await overridesOf(ctx.db)).map((o) => [`${o.language}\u0000${keyId(o.namespace, o.key)}`, o.value]),
  );
  const errors: { path: string; message: string }[] = [];
  const changes: { language: string; namespace: string; key: string; before: string | null; after: string | null }[] =
    [];
  const seen = new Map<string, number>();
  let unchanged = 0;
  records.forEach((r, i) => {
    const line = i + 2; // the header is line 1
    const at = `row ${line}`;
    const language = (r.language ?? '').trim();
    const namespace = (r.namespace ?? '').trim();
    const key = (r.key ?? '').trim();
    const raw = r.override ?? '';
    if (!(ISSUER_LANGUAGE_KEYS as readonly string[]).includes(language))
      return errors.push({
        path: at,
        message: `Unknown language "${language}" (one of ${ISSUER_LANGUAGE_KEYS.join(', ')})`,
      });
    const own = languageKeys(b, language);
    if (!own.byId.has(keyId(namespace, key)))
      return errors.push({
        path: at,
        message: b.namespaces.includes(namespace)
          ? `Unknown key "${key}" in namespace ${namespace}`
          : `Unknown namespace "${namespace}"`,
      });
    const id = `${language}\u0000${keyId(namespace, key)}`;
    if (seen.has(id))
      return errors.push({ path: at, message: `${language} ${namespace}:${key} is also on row ${seen.get(id)}` });
    seen.set(id, line);
    const after = raw.trim() === '' ? null : raw;
    if (after !== null) {
      const problem = valueProblem(own, namespace, key, after);
      if (problem) return errors.push({ path: at, message: `${namespace}:${key}: ${problem}` });
    }
    const before = existing.get(id) ?? null;
    if (before === after) unchanged++;
    else changes.push({ language, namespace, key, before, after });
    return undefined;
  });
  if (errors.length) {
    const shown = errors.slice(0, 100);
    throw badRequest(
      `${errors.length} row${errors.length > 1 ? 's are' : ' is'} invalid; nothing was imported. ${shown[0]!.path}: ${shown[0]!.message}`,
      shown,
    );
  }
  await ctx.db.transaction(async (tx) => {
    for (const c of changes.filter((x) => x.after === null)) await deleteOverride(tx, c);
    await upsertOverrides(
      tx,
      changes.flatMap((c) =>
        c.after === null ? [] : [{ language: c.language, namespace: c.namespace, key: c.key, value: c.after }],
      ),
      auth.user.id,
    );
    await writeAudit(
      tx,
      {
        action: 'translation.import',
        targetType: 'translation',
        targetId: null,
        details: {
          rows: records.length,
          changed: changes.length,
          unchanged,
          changes: changes.slice(0, 500),
          changesTruncated: changes.length > 500,
        },
      },
      req,
    );
  });
  dropServed();
  const removed = changes.filter((c) => c.after === null).length;
  return { success: true, rows: records.length, set: changes.length - removed, removed, unchanged };
}
