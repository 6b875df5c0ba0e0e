/**
 * AI prompts over HTTP on both databases: the uses with their default texts, a new version (variables checked
 * against the use's), activation (one active per use, 409 when already active, audited), back to the default,
 * the render test box, and the permission (AiPrompts_CRUD; an issuer → 403). activePromptText follows activation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dbKinds } from '@sextant/db/testing';
import { systemAuditLog } from '@sextant/db';
import { AI_PROMPT_USE_INFO, type TAiPrompt, type TAiPromptUseSummary } from '@sextant/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { activePromptText, renderPrompt } from './ai-prompts.service.ts';

describe.each(dbKinds())('AI prompts API (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  const base = '/api/v1/ai-prompts';
  const list = async () => (await t.call('GET', base, { cookie: admin })).json() as TAiPromptUseSummary[];

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login('sysAdmin');
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists every use with its default text and no versions at first; refuses an issuer', async () => {
    const uses = await list();
    expect(uses.map((u) => u.use)).toEqual(['chatAnswer', 'addressParser']);
    expect(uses[0]).toMatchObject({
      activeVersion: null,
      versions: [],
      defaultText: AI_PROMPT_USE_INFO.chatAnswer.defaultText,
    });
    expect(await activePromptText(t.app.ctx, 'addressParser')).toBe(AI_PROMPT_USE_INFO.addressParser.defaultText);
    const issuer = await t.login('issuer');
    expect((await t.call('GET', base, { cookie: issuer })).statusCode).toBe(403);
    expect(
      (await t.call('POST', base, { cookie: issuer, body: { use: 'chatAnswer', name: 'x', text: 'y' } })).statusCode,
    ).toBe(403);
  });

  it('refuses bad input with the field: unknown use, empty name, unknown variable', async () => {
    const bad = async (body: Record<string, unknown>, field: string, message: RegExp) => {
      const res = await t.call('POST', base, { cookie: admin, body });
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain(field);
      expect(res.json().message).toMatch(message);
    };
    await bad({ use: 'poetry', name: 'x', text: 'y' }, 'use', /use must be one of/);
    await bad({ use: 'chatAnswer', name: '  ', text: 'y' }, 'name', /Name is required/);
    await bad(
      { use: 'addressParser', name: 'x', text: 'Parse {{address}} for {{question}}' },
      'text',
      /unknown variable \{\{question\}\}/,
    );
    expect((await list())[1]!.versions).toEqual([]);
  });

  it('creates versions, activates one at a time (audited), 409 when already active, back to default', async () => {
    const v1 = (
      await t.call('POST', base, {
        cookie: admin,
        body: { use: 'addressParser', name: 'First', text: 'One {{address}}' },
      })
    ).json() as TAiPrompt;
    expect(v1).toMatchObject({ version: 1, active: false, variables: ['address'], createdBy: 'sysAdmin' });
    const v2res = await t.call('POST', base, {
      cookie: admin,
      body: { use: 'addressParser', name: 'Second', text: 'Two {{address}} in {{country}}', activate: true },
    });
    expect(v2res.statusCode, v2res.body).toBe(200);
    const v2 = v2res.json() as TAiPrompt;
    expect(v2).toMatchObject({ version: 2, active: true });
    expect(await activePromptText(t.app.ctx, 'addressParser')).toBe('Two {{address}} in {{country}}');
    // other uses are untouched
    expect(await activePromptText(t.app.ctx, 'chatAnswer')).toBe(AI_PROMPT_USE_INFO.chatAnswer.defaultText);

    const act = await t.call('POST', `${base}/${v1.id}/activate`, { cookie: admin });
    expect(act.statusCode, act.body).toBe(200);
    const uses = await list();
    expect(uses[1]!.activeVersion).toBe(1);
    expect(uses[1]!.versions.filter((v) => v.active).map((v) => v.version)).toEqual([1]);
    expect((await t.call('POST', `${base}/${v1.id}/activate`, { cookie: admin })).statusCode).toBe(409);
    const audits = await t.db.db
      .select()
      .from(systemAuditLog)
      .where(and(eq(systemAuditLog.action, 'aiPrompt.activate'), eq(systemAuditLog.targetId, v1.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.details).toMatchObject({ use: 'addressParser', version: 1, previousVersion: 2 });

    expect((await t.call('POST', `${base}/uses/addressParser/use-default`, { cookie: admin })).statusCode).toBe(200);
    expect(await activePromptText(t.app.ctx, 'addressParser')).toBe(AI_PROMPT_USE_INFO.addressParser.defaultText);
    expect((await t.call('POST', `${base}/uses/addressParser/use-default`, { cookie: admin })).statusCode).toBe(409);
    expect((await t.call('GET', `${base}/${v2.id}`, { cookie: admin })).json()).toMatchObject({
      name: 'Second',
      active: false,
    });
    expect((await t.call('GET', `${base}/00000000-0000-4000-8000-000000000000`, { cookie: admin })).statusCode).toBe(
      404,
    );
  });

  it('renders a prompt for sample input, listing missing and unused variables', async () => {
    const res = await t.call('POST', `${base}/render`, {
      cookie: admin,
      body: { text: 'Q: {{question}} / P: {{passages}}', variables: { question: 'Why?', extra: 'x' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ rendered: 'Q: Why? / P: {{passages}}', missing: ['passages'], unused: ['extra'] });
    expect(renderPrompt('{{ a }}-{{b}}', { a: '1', b: '2' })).toBe('1-2');
  });
});
