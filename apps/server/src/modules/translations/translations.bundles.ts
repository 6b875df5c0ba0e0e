/**
 * The UI strings bundled with the web app, read from its one source: apps/web/src/locales/<lang>/<ns>.json (the
 * server runs from the repository, so there is no second copy). Loaded once per process; keys are the JSON paths
 * joined with "." (the English bundle defines which keys exist).
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
