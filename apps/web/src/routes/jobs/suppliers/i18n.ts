/** The "suppliers" namespace (suppliers, supplier page, use cases, Use Cases Report); de/fr load with the language. */
import i18n from 'i18next';
import en from '../../../locales/en/suppliers.json';

if (!i18n.hasResourceBundle('en', 'suppliers')) i18n.addResourceBundle('en', 'suppliers', en, true, false);

export const NS = 'suppliers';
