/**
 * UI translations (react-i18next). One namespace per area; resources are JSON files in
 * `src/locales/<lang>/<ns>.json`. English is bundled; every other language is loaded on demand with a
 * dynamic import, so the main bundle carries only English.
 *
 * Languages: the issuer languages of ISSUER_LANGUAGES (en, de, fr, es, it, nl, pl, pt, sv).
 * - en: complete (the source texts; byte-identical to the SPEC).
 * - de, fr, es, it, nl, pl, pt, sv: complete translations, with each language's plural forms (Intl.PluralRules:
 *   Polish one/few/many/other, French, Spanish, Italian and Portuguese one/many/other); checked by i18n.test.ts.
 *
 * Administrators' overrides (analysis admin → Translations) are fetched per language from
 * `GET /api/v1/translations/{lng}` (ETag; the browser revalidates) and merged over the bundled resources, so a
 * changed text is live without a rebuild; the bundled JSON stays the default.
 *
 * Before sign-in the browser language is used when supported (else en); after sign-in the language
 * follows `user.language` (the user's issuer's language). `document.documentElement.lang` follows too.
 */
import i18n, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LOADERS as LanguageLoaders } from './i18n-languages.ts';
import { ISSUER_LANGUAGE_KEYS, ISSUER_LANGUAGES } from '@sextant/shared/values';
import { http } from '../api/client.ts';
import enAuth from '../locales/en/auth.json';
import enErrors from '../locales/en/errors.json';
import enNotifications from '../locales/en/notifications.json';
import enOperations from '../locales/en/operations.json';
import enShell from '../locales/en/shell.json';

/**
 * shell: navbar, toolbar, menus, page titles · auth: login, magic link, lobby · errors: error and not-available pages ·
 * profile: profile and dashboard · table: data table, form dialog, file upload · notifications: error notifications ·
 * system: maintenance, version check, idle logout, release notice, chat button · operations: operation names shown in
 * error notifications, keyed by their English text (names not listed stay as given) · jobs, devops, admin: those areas'
 * pages · insights: summary, insights, report, presentation · suppliers: suppliers, supplier page, use cases, Use Cases
 * Report · business-case: calculator and download · printable: the printable frame · analysis-admin: the analysis
 * admin dashboard, rulesets and datapoint profiles · campaigns: campaign workflows · tools, dev: the Tools and Dev
 * areas · resources: resource hub, video resources admin, a job's story video · ml-prediction: acceptance-model
 * monitoring · admin-accounts: translations, magic links, merge linked accounts · chat: chat window and chatbot
 * documents · ai-prompts: AI prompts · vendors: vendor lookup · global-insights: global insights · release-notes: what's new.
 */
export const NAMESPACES = [
  'shell',
  'jobs',
  'devops',
  'admin',
  'auth',
  'errors',
  'profile',
  'table',
  'notifications',
  'system',
  'operations',
  'insights',
  'suppliers',
  'business-case',
  'printable',
  'analysis-admin',
  'tools',
  'dev',
  'campaigns',
  'resources',
  'ml-prediction',
  'admin-accounts',
  'chat',
  'ai-prompts',
  'vendors',
  'global-insights',
  'release-notes',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];
export const DEFAULT_NS: TNamespace = 'shell';
export const FALLBACK_LANGUAGE = 'en';
export const SUPPORTED_LANGUAGES: readonly string[] = ISSUER_LANGUAGE_KEYS;

/**
 * The namespaces every page may show before its own module has loaded — the sign-in, lobby and error pages and the
 * notifications — bundled with the app. The other namespaces load with the first page that is not one of those
 * (ensureEnglish), in one chunk: the sign-in page does not download the jobs', admin's and campaigns' texts, nor the
 * tables' and the signed-in frame's system notices (`table`, `system`), which only pages and frames behind
 * ensureEnglish show.
 */
export const BOOT_NAMESPACES = ['shell', 'auth', 'errors', 'notifications', 'operations'] as const;
const EN_BOOT = {
  shell: enShell,
  auth: enAuth,
  errors: enErrors,
  notifications: enNotifications,
  operations: enOperations,
} satisfies Record<(typeof BOOT_NAMESPACES)[number], unknown>;

let english: Promise<void> | null = null;
/**
 * Loads (once) the English texts of every namespace outside BOOT_NAMESPACES; route modules await it before their page
 * renders. Texts an administrator overrode stay overridden.
 */
export function ensureEnglish(): Promise<void> {
  return (english ??= import('./i18n-en-pages.ts').then(({ EN_PAGES }) => {
    for (const [ns, texts] of Object.entries(EN_PAGES)) {
      pristineOf(FALLBACK_LANGUAGE).set(ns, texts);
      i18n.addResourceBundle(FALLBACK_LANGUAGE, ns, texts, true, false);
    }
  }));
}

/** Every English namespace (the bundled ones and the page ones), for tests and tools. */
export async function englishResources(): Promise<Record<TNamespace, ResourceLanguage[string]>> {
  const { EN_PAGES } = await import('./i18n-en-pages.ts');
  return { ...EN_BOOT, ...EN_PAGES };
}

type TLoaders = typeof LanguageLoaders;
let loaders: Promise<TLoaders> | null = null;
/** The lazy loaders of the non-English resources (i18n-languages.ts), loaded once. */
const languageLoaders = () => (loaders ??= import('./i18n-languages.ts').then((m) => m.LOADERS));

function loaderKey(path: string): { lang: string; ns: string } | null {
  const m = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return m ? { lang: m[1]!, ns: m[2]! } : null;
}

/** Languages that ship resources (en plus those with files). */
export async function languagesWithResources(): Promise<string[]> {
  const all = await languageLoaders();
  return [FALLBACK_LANGUAGE, ...new Set(Object.keys(all).flatMap((p) => loaderKey(p)?.lang ?? []))];
}

/** A supported language for a tag like "de-CH" (else null). */
export function supportedLanguage(tag: string | null | undefined): string | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return SUPPORTED_LANGUAGES.includes(base) ? base : null;
}

/** The browser's first supported language, else en. */
export function browserLanguage(): string {
  if (typeof navigator === 'undefined') return FALLBACK_LANGUAGE;
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const t of tags) {
    const l = supportedLanguage(t);
    if (l) return l;
  }
  return FALLBACK_LANGUAGE;
}

const loading = new Map<string, Promise<void>>();

/** Loads (once) every namespace file of a language (again after a failed download). */
export function loadLanguage(lang: string): Promise<void> {
  if (lang === FALLBACK_LANGUAGE) return Promise.resolve();
  let done = loading.get(lang);
  if (!done) {
    done = (async () => {
      const entries = Object.entries(await languageLoaders()).filter(([p]) => loaderKey(p)?.lang === lang);
      await Promise.all(
        entries.map(async ([p, load]) => {
          const mod = await load();
          const ns = loaderKey(p)!.ns;
          pristineOf(lang).set(ns, mod.default);
          i18n.addResourceBundle(lang, ns, mod.default, true, true);
        }),
      );
    })();
    done.catch(() => loading.delete(lang));
    loading.set(lang, done);
  }
  return done;
}

/**
 * Starts loading a signed-in user's language as soon as the user is known (router.tsx requireUser), alongside the
 * page's modules, rather than once the page has rendered (root-layout.tsx LanguageSync then finds it loaded).
 */
export function preloadLanguage(tag: string | null | undefined): void {
  const lang = supportedLanguage(tag);
  if (lang && lang !== FALLBACK_LANGUAGE) loadLanguage(lang).catch(() => undefined);
}

/** The bundled resources of each language, kept to restore a text whose override was removed. */
const pristine = new Map<string, Map<string, ResourceLanguage[string]>>([
  [FALLBACK_LANGUAGE, new Map(Object.entries(EN_BOOT) as [string, ResourceLanguage[string]][])],
]);
function pristineOf(lang: string) {
  let m = pristine.get(lang);
  if (!m) pristine.set(lang, (m = new Map()));
  return m;
}
const overridden = new Map<string, Set<string>>();

/**
 * Fetches the overrides of a language and merges them over its bundles (namespaces whose overrides went away
 * get their bundled texts back). Failures leave the bundled texts in place.
 */
export async function applyOverrides(lang: string): Promise<void> {
  if (typeof window === 'undefined' || typeof fetch !== 'function') return;
  const lng = ISSUER_LANGUAGES.find((l) => l.key === lang)?.key;
  if (!lng) return; // a language the API has no overrides for
  let body: Record<string, Record<string, unknown>>;
  try {
    const { data, response } = await http.GET('/api/v1/translations/{lng}', {
      params: { path: { lng } },
      cache: 'no-cache',
    });
    if (!response.ok || !data) return;
    body = data;
  } catch {
    return;
  }
  const before = overridden.get(lang) ?? new Set<string>();
  const now = new Set(Object.keys(body));
  for (const ns of new Set([...before, ...now])) {
    i18n.removeResourceBundle(lang, ns);
    const bundled = pristineOf(lang).get(ns);
    if (bundled) i18n.addResourceBundle(lang, ns, bundled, true, true);
    if (body[ns]) i18n.addResourceBundle(lang, ns, body[ns], true, true);
  }
  overridden.set(lang, now);
}

/** Re-reads the overrides of the current language (after an administrator changed one). */
export const refreshTranslations = () => applyOverrides(i18n.language || FALLBACK_LANGUAGE);

function syncDocumentLang(lang: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

let requested = '';
/** Switches the UI language (unsupported values fall back to en); resolves once the resources are loaded. */
export async function setLanguage(tag: string | null | undefined): Promise<void> {
  const lang = supportedLanguage(tag) ?? FALLBACK_LANGUAGE;
  requested = lang;
  await loadLanguage(lang);
  await applyOverrides(lang);
  if (requested !== lang) return; // a later request won
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
  syncDocumentLang(lang);
}

/**
 * An i18n instance of its own for a page shown in another language than the app's (the public enrolment page shows
 * the issuer's): it shares the loaded resources and overrides, and switching it leaves the user's language alone.
 * Give it to the page through react-i18next's I18nextProvider.
 */
export const createPageI18n = () => i18n.cloneInstance();

/** Switches a page's own instance (createPageI18n) to a language, loading its resources; resolves the language used. */
export async function setPageLanguage(instance: typeof i18n, tag: string | null | undefined): Promise<string> {
  const lang = supportedLanguage(tag) ?? FALLBACK_LANGUAGE;
  await loadLanguage(lang);
  await applyOverrides(lang);
  if (instance.language !== lang) await instance.changeLanguage(lang);
  return lang;
}

/** While a page shows another language, <html lang> says so; the app's language comes back when it closes. */
export function showDocumentLanguage(lang: string): () => void {
  syncDocumentLang(lang);
  return () => syncDocumentLang(currentLanguage());
}

const resources: Resource = { en: EN_BOOT };

void i18n.use(initReactI18next).init({
  resources,
  lng: FALLBACK_LANGUAGE,
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: [...NAMESPACES],
  defaultNS: DEFAULT_NS,
  partialBundledLanguages: true,
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  // re-render when overrides are merged in (applyOverrides)
  react: { useSuspense: false, bindI18nStore: 'added removed' },
  initAsync: false,
});
i18n.on('languageChanged', syncDocumentLang);
syncDocumentLang(i18n.language);
void applyOverrides(FALLBACK_LANGUAGE);
// A reader whose browser asks for another language gets it as soon as the app starts (root-layout.tsx LanguageSync):
// the loaders' chunk is on its way meanwhile.
if (browserLanguage() !== FALLBACK_LANGUAGE) void languageLoaders();

/** An operation name (English, as given to query/mutation meta) in the current language, when known. */
export const operationLabel = (operation: string): string =>
  i18n.t(operation, { ns: 'operations', keySeparator: false, nsSeparator: false, defaultValue: operation });

/** The current UI language (for Intl formatting outside React). */
export const currentLanguage = () => i18n.resolvedLanguage ?? i18n.language ?? FALLBACK_LANGUAGE;

/** Dates and numbers through Intl in the current language. */
export const formatDateTime = (
  value: string | number | Date | null | undefined,
  opts: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string => {
  if (value === null || value === undefined || value === '') return '—';
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? '—' : new Intl.DateTimeFormat(currentLanguage(), opts).format(d);
};
export const formatNumber = (n: number | null | undefined, opts?: Intl.NumberFormatOptions): string =>
  n === null || n === undefined || !Number.isFinite(n) ? '—' : new Intl.NumberFormat(currentLanguage(), opts).format(n);

export default i18n;
