/**
 * The reader of a job's documents (issue #33): the texts and number formats of the issuer's language (the user's
 * interface language when the issuer has none) and the issuer's branding — its name and primary colour (its own
 * colours, else its theme's).
 */
import { eq } from 'drizzle-orm';
import { brandings, issuers } from '@sextant/db';
import { THEME_TOKENS } from '@sextant/shared/values';
import type { AppContext } from '../../context.ts';
import { localeOf, serverTexts } from '../translations/index.ts';
import type { DocumentLocale } from './presentation.ts';

export async function documentLocaleOf(
  ctx: AppContext,
  issuerId: string,
  userLanguage?: string,
): Promise<DocumentLocale> {
  const [row] = await ctx.db
    .select({ language: issuers.language, branding: brandings })
    .from(issuers)
    .leftJoin(brandings, eq(brandings.brandingId, issuers.brandingId))
    .where(eq(issuers.id, issuerId));
  const language = row?.language || userLanguage || 'en';
  const b = row?.branding;
  return {
    t: await serverTexts(ctx.db, language),
    locale: localeOf(language),
    branding: b
      ? {
          name: b.brandingDisplayName,
          primary: b.colours?.primary ?? (THEME_TOKENS[b.theme] ?? THEME_TOKENS.paytech).primary,
        }
      : null,
  };
}
