/** Dates and times of records (created, updated, activated…) in the UI language. */
import { currentLanguage } from '../app/i18n.ts';

/** The Intl locale of the admin pages: the UI language, English as en-GB. */
export const uiLocale = () => {
  const lang = currentLanguage();
  return lang === 'en' ? 'en-GB' : lang;
};

/** Medium date and short time in the UI language (English as en-GB). */
export const formatDateTime = (iso: string | null | undefined) => {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
};
