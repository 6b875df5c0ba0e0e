/**
 * A branding as an email shows it (renderBrandedEmail): name, sender, footer, colours and the absolute URL of its
 * logo when one is stored (issue #33). Read straight from the tables so that any module sending mail can use it.
 */
import { and, eq } from 'drizzle-orm';
import { brandingAssets, brandings, type DbOrTx } from '@sextant/db';
import { brandingAssetUrl } from '@sextant/shared/values';
import { publicUrl, type Config } from '../config.ts';
import type { BrandedEmailBranding } from './email-template.ts';

export async function emailBrandingOf(
  db: DbOrTx,
  config: Config,
  brandingId: string | null | undefined,
): Promise<BrandedEmailBranding | undefined> {
  if (!brandingId) return undefined;
  const [b] = await db.select().from(brandings).where(eq(brandings.brandingId, brandingId));
  if (!b) return undefined;
  const [logo] = await db
    .select({ sha256: brandingAssets.sha256 })
    .from(brandingAssets)
    .where(and(eq(brandingAssets.brandingId, brandingId), eq(brandingAssets.kind, 'logo')));
  return {
    brandingDisplayName: b.brandingDisplayName,
    theme: b.theme,
    emailSenderName: b.emailSenderName,
    emailSenderAddress: b.emailSenderAddress,
    emailFooter: b.emailFooter,
    colours: b.colours,
    logoUrl: logo ? `${publicUrl(config)}${brandingAssetUrl(b.brandingKey, 'logo', logo.sha256.slice(0, 16))}` : null,
  };
}
