/**
 * The UI strings bundled with the web app, read from its one source: apps/web/src/locales/<lang>/<ns>.json (the
 * server runs from the repository, so there is no second copy). Loaded once per process; keys are the JSON paths
 * joined with "." (the English bundle defines which keys exist, and `languageKeys` adds each language's own plural
 * forms).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src/locales');

export interface BundledKey {
  namespace: string;
  key: string;
  /** The JSON path (a key of the operations namespace may itself contain dots). */
  path: string[];
  source: string;
}

export interface Bundles {
  /** Every key of the English bundles, in file order, namespace by namespace. */
  keys: BundledKey[];
  byId: Map<string, BundledKey>;
  namespaces: string[];
  /** language → `${namespace}\u0000${key}` → text */
  texts: Map<string, Map<string, string>>;
}

export const keyId = (namespace: string, key: string) => `${namespace}\u0000${key}`;

function flatten(value: unknown, prefix: string[], out: { path: string[]; text: string }[]): void {
  if (typeof value === 'string') out.push({ path: prefix, text: value });
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) flatten(v, [...prefix, k], out);
}

async function readLanguage(dir: string): Promise<Map<string, { path: string[]; text: string }[]>> {
  const out = new Map<string, { path: string[]; text: string }[]>();
  for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
    const entries: { path: string[]; text: string }[] = [];
    flatten(JSON.parse(await readFile(path.join(dir, file), 'utf8')), [], entries);
    out.set(file.replace(/\.json$/, ''), entries);
  }
  return out;
}

let loaded: Promise<Bundles> | undefined;

export function bundles(dir = LOCALES_DIR): Promise<Bundles> {
  loaded ??= (async () => {
    const languages = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isDirectory()).map((d) => d.name);
    const texts = new Map<string, Map<string, string>>();
    const keys: BundledKey[] = [];
    const byId = new Map<string, BundledKey>();
    for (const lang of languages) {
      const map = new Map<string, string>();
      for (const [ns, entries] of await readLanguage(path.join(dir, lang))) {
        for (const e of entries) {
          const key = e.path.join('.');
          map.set(keyId(ns, key), e.text);
          if (lang === 'en') {
            const k = { namespace: ns, key, path: e.path, source: e.text };
            keys.push(k);
            byId.set(keyId(ns, key), k);
          }
        }
      }
      texts.set(lang, map);
    }
    if (!keys.length) throw new Error(`No English UI strings found in ${dir}`);
    return { keys, byId, texts, namespaces: [...new Set(keys.map((k) => k.namespace))] };
  })().catch((err: unknown) => {
    loaded = undefined;
    throw err;
  });
  return loaded;
}

/** The keys an administrator can override in one language. */
export interface LanguageKeys {
  keys: BundledKey[];
  byId: Map<string, BundledKey>;
}

const PLURAL_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
const perLanguage = new WeakMap<Bundles, Map<string, LanguageKeys>>();

/**
 * The English keys, except that an English plural group (`x_one` + `x_other`) has the language's own forms, the ones
 * i18next picks through Intl.PluralRules: Polish `x_one`, `x_few`, `x_many`, `x_other`; French `x_one`, `x_many`,
 * `x_other`. A form English lacks shows English `x_other` as its source. A key English has only as `x_other` stays.
 */
export function languageKeys(b: Bundles, language: string): LanguageKeys {
  let cache = perLanguage.get(b);
  if (!cache) perLanguage.set(b, (cache = new Map()));
  const hit = cache.get(language);
  if (hit) return hit;
  const categories = new Set<string>(new Intl.PluralRules(language).resolvedOptions().pluralCategories);
  const forms = PLURAL_ORDER.filter((c) => categories.has(c));
  const keys: BundledKey[] = [];
  for (const k of b.keys) {
    const base = k.key.endsWith('_other') ? k.key.slice(0, -'_other'.length) : null;
    const group = base !== null && b.byId.has(keyId(k.namespace, `${base}_one`));
    if (group) {
      const last = k.path[k.path.length - 1]!.slice(0, -'_other'.length);
      for (const form of forms)
        keys.push({
          namespace: k.namespace,
          key: `${base}_${form}`,
          path: [...k.path.slice(0, -1), `${last}_${form}`],
          source: b.byId.get(keyId(k.namespace, `${base}_${form}`))?.source ?? k.source,
        });
    } else if (!(k.key.endsWith('_one') && b.byId.has(keyId(k.namespace, `${k.key.slice(0, -4)}_other`)))) keys.push(k); // `x_one` of a group is emitted with its group, at `x_other`
  }
  const out = { keys, byId: new Map(keys.map((k) => [keyId(k.namespace, k.key), k])) };
  cache.set(language, out);
  return out;
}
