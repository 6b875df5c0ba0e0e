/**
 * AI prompts: versioned prompt texts per use, one active version per use (else the use's default text from
 * packages/shared values/ai-prompts.ts). Used by the chat answer and the address parser.
 */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  AI_PROMPT_USE_INFO,
  AI_PROMPT_USES,
  promptVariables,
  renderPromptText,
  type TAiPrompt,
  type TAiPromptRenderResult,
  type TAiPromptUse,
  type TAiPromptUseSummary,
  type ZAiPromptCreate,
} from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../../plugins/access.ts';
import { writeAudit } from '../../lib/audit.ts';
import { conflict, fieldError, notFound } from '../../lib/errors.ts';
import {
  activatePromptRow,
  activePromptRow,
  deactivatePromptUse,
  insertPromptRow,
  listPromptRows,
  nextPromptVersion,
  promptRowById,
  type AiPromptRow,
} from './ai-prompts.repo.ts';

/** The text of the use's active prompt version, or its default text when no version is active. */
export async function activePromptText(ctx: AppContext, use: TAiPromptUse): Promise<string> {
  const row = await activePromptRow(ctx.db, use);
  return row?.text ?? AI_PROMPT_USE_INFO[use].defaultText;
}

/** Fills the {{name}} variables of a prompt text; an unknown variable stays as written. */
export function renderPrompt(text: string, vars: Record<string, string>): string {
  return renderPromptText(text, vars);
}

// --- administration (analysis admin → AI prompts) ---

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toPrompt(r: AiPromptRow): TAiPrompt {
  return {
    id: r.id,
    use: r.use,
    version: r.version,
    name: r.name,
    text: r.text,
    variables: promptVariables(r.text),
    active: r.active,
    createdBy: r.createdByName,
    createdAt: iso(r.createdAt)!,
    activatedAt: iso(r.activatedAt),
  };
}

/** Every use with its default text, its versions (newest first) and which one is active. */
export async function listPromptUses(ctx: AppContext): Promise<TAiPromptUseSummary[]> {
  const rows = await listPromptRows(ctx.db);
  return AI_PROMPT_USES.map((use) => {
    const info = AI_PROMPT_USE_INFO[use];
    const versions = rows.filter((r) => r.use === use).map(toPrompt);
    return {
      use,
      label: info.label,
      description: info.description,
      variables: [...info.variables],
      defaultText: info.defaultText,
      activeVersion: versions.find((v) => v.active)?.version ?? null,
      versions,
    };
  });
}

export async function getPrompt(ctx: AppContext, id: string): Promise<TAiPrompt> {
  const row = await promptRowById(ctx.db, id);
  if (!row) throw notFound('Prompt');
  return toPrompt(row);
}

/** Variables a text uses that its use does not fill in: refused, as the model would receive them verbatim. */
function unknownVariables(use: TAiPromptUse, text: string): string[] {
  const known = new Set(AI_PROMPT_USE_INFO[use].variables);
  return promptVariables(text).filter((v) => !known.has(v));
}

export async function createPrompt(
  ctx: AppContext,
  auth: AuthContext,
  input: z.output<typeof ZAiPromptCreate>,
  req?: FastifyRequest,
): Promise<TAiPrompt> {
  const unknown = unknownVariables(input.use, input.text);
  if (unknown.length)
    throw fieldError(
      'text',
      `unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((v) => `{{${v}}}`).join(', ')}; the ${AI_PROMPT_USE_INFO[input.use].label} prompt can use ${AI_PROMPT_USE_INFO[input.use].variables.map((v) => `{{${v}}}`).join(', ')}`,
    );
  const row = await ctx.db.transaction(async (tx) => {
    const version = await nextPromptVersion(tx, input.use);
    const created = await insertPromptRow(tx, {
      use: input.use,
      version,
      name: input.name,
      text: input.text,
      createdBy: auth.user.id,
      createdByName: auth.user.username,
    });
    if (input.activate) await activatePromptRow(tx, input.use, created.id);
    await writeAudit(
      tx,
      {
        action: 'aiPrompt.create',
        targetType: 'ai-prompt',
        targetId: created.id,
        details: { use: input.use, version, name: input.name, activated: input.activate, text: input.text },
      },
      req,
    );
    return (await promptRowById(tx, created.id))!;
  });
  return toPrompt(row);
}

export async function activatePrompt(ctx: AppContext, id: string, req?: FastifyRequest): Promise<TAiPrompt> {
  const row = await ctx.db.transaction(async (tx) => {
    const target = await promptRowById(tx, id);
    if (!target) throw notFound('Prompt');
    if (target.active)
      throw conflict(`Version ${target.version} is already the active ${AI_PROMPT_USE_INFO[target.use].label} prompt`);
    const before = await activePromptRow(tx, target.use);
    await activatePromptRow(tx, target.use, id);
    await writeAudit(
      tx,
      {
        action: 'aiPrompt.activate',
        targetType: 'ai-prompt',
        targetId: id,
        details: { use: target.use, version: target.version, previousVersion: before?.version ?? null },
      },
      req,
    );
    return (await promptRowById(tx, id))!;
  });
  return toPrompt(row);
}

/** Back to the default text of a use (no version active). */
export async function useDefaultPrompt(ctx: AppContext, use: TAiPromptUse, req?: FastifyRequest): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const before = await activePromptRow(tx, use);
    if (!before) throw conflict(`The ${AI_PROMPT_USE_INFO[use].label} prompt already uses its default text`);
    await deactivatePromptUse(tx, use);
    await writeAudit(
      tx,
      {
        action: 'aiPrompt.useDefault',
        targetType: 'ai-prompt',
        targetId: before.id,
        details: { use, previousVersion: before.version },
      },
      req,
    );
  });
}

/** The test box: the text rendered with sample values, and which variables are missing or unused. */
export function renderTest(text: string, variables: Record<string, string>): TAiPromptRenderResult {
  const used = promptVariables(text);
  return {
    rendered: renderPrompt(text, variables),
    missing: used.filter((v) => !(v in variables)),
    unused: Object.keys(variables).filter((v) => !used.includes(v)),
  };
}
