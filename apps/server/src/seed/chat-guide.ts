/**
 * The product's user guide (chat-guide.md) as a built-in chat document, stored and queued for indexing once, at the
 * first start with the demo seed. An administrator may delete or replace it like any other document.
 */
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { addDocument } from '../modules/chat/documents.service.ts';

export const CHAT_GUIDE_FILENAME = 'Sextant user guide.md';

export async function seedChatGuide(ctx: AppContext): Promise<boolean> {
  const claimed = await ctx.db.execute(
    sql`insert into system_settings (key, value) values ('chatGuideSeeded', to_jsonb(now()::text)) on conflict (key) do nothing returning key`,
  );
  if (!claimed.rows.length) return false;
  const content = await readFile(new URL('./chat-guide.md', import.meta.url));
  await addDocument(ctx, { filename: CHAT_GUIDE_FILENAME, content }, { userId: null, username: null, builtin: true });
  ctx.log.info('Queued the user guide for the chat assistant');
  return true;
}
