/**
 * UI texts for documents the server writes in the reader's language (the PPTX deck, the business-case workbook):
 * the same keys and texts as the web app (one source: apps/web/src/locales), with the administrators' overrides of
 * that language on top. A key missing in the language falls back to English, then to the key.
 */
import type { DbOrTx } from '@sextant/db';
import { bundles, keyId } from './translations.bundles.ts';
import { overridesOf } from './translations.repo.ts';

export type TServerT = (namespaceKey: `${string}:${string}`, params?: Record<string, string | number>) => string;

/** The translator of one language (e.g. 'de'). */
export async function serverTexts(db: DbOrTx, language: string): Promise<TServerT> {
  const b = await bundles();
  const lang = (language || 'en').slice(0, 2).toLowerCase();
  const own = b.texts.get(lang);
  const en = b.texts.get('en')!;
  const overrides = await overridesOf(db, lang);
  const over = new Map(overrides.map((o) => [keyId(o.namespace, o.key), o.value]));
  return (nsKey, params = {}) => {
    const i = nsKey.indexOf(':');
    const id = keyId(nsKey.slice(0, i), nsKey.slice(i + 1));
    const text = over.get(id) ?? own?.get(id) ?? en.get(id) ?? nsKey.slice(i + 1);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
    );
  };
}

/** The Intl locale of an issuer language (English as en-GB, the product's reference locale). */
export const localeOf = (language: string) => {
  const lang = (language || 'en').slice(0, 2).toLowerCase();
  return lang === 'en' ? 'en-GB' : lang;
};
