import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISSUER_LANGUAGE_KEYS, NAV_GROUPS, NAV_NEW_JOB, ROUTES } from '@sextant/shared/values';
import i18n, {
  browserLanguage,
  createPageI18n,
  englishResources,
  ensureEnglish,
  languagesWithResources,
  NAMESPACES,
  operationLabel,
  setLanguage,
  setPageLanguage,
  supportedLanguage,
} from './i18n.ts';
import { navGroupLabel, navItemLabel, routeTitle } from '../layouts/nav-labels.ts';

const LOCALES = join(import.meta.dirname, '..', 'locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;

type TTree = { [k: string]: string | TTree };
/** Leaf keys ("a.b.c") with their texts; plural forms grouped under their base key. */
function leaves(tree: TTree, prefix = ''): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') {
      const base = key.replace(PLURAL, '');
      out.set(base, [...(out.get(base) ?? []), v]);
    } else for (const [lk, lv] of leaves(v, key)) out.set(lk, [...(out.get(lk) ?? []), ...lv]);
  }
  return out;
}
const placeholders = (texts: string[]) =>
  [
    ...new Set(
      texts.flatMap((t) => [...t.matchAll(/\{\{\s*([\w.]+)\s*\}\}|<(\w+)>/g)].map((m) => m[1] ?? `<${m[2]}>`)),
    ),
  ].sort();
/** Every issuer language is translated completely. */
const COMPLETE = ['de', 'fr', 'es', 'it', 'nl', 'pl', 'pt', 'sv'];
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as TTree;

/** Plural forms by base key ("a.b" → ["one", "other"]). */
function pluralForms(tree: TTree, prefix = '', out = new Map<string, string[]>()): Map<string, string[]> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    const m = PLURAL.exec(key);
    if (typeof v !== 'string') pluralForms(v, key, out);
    else if (m) out.set(key.replace(PLURAL, ''), [...(out.get(key.replace(PLURAL, '')) ?? []), m[1]!].sort());
  }
  return out;
}

describe('locale files', () => {
  it('English has exactly the declared namespaces, each bundled or loaded with the pages', async () => {
    expect(readdirSync(join(LOCALES, 'en')).sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
    const en = await englishResources();
    for (const ns of NAMESPACES) expect(en[ns]).toEqual(read('en', ns));
  });

  it('the page namespaces arrive with ensureEnglish, under an override made before they loaded', async () => {
    i18n.addResourceBundle('en', 'jobs', { __probe: 'overridden' }, true, true);
    await ensureEnglish();
    expect(i18n.t('__probe', { ns: 'jobs' })).toBe('overridden');
    expect(i18n.getResourceBundle('en', 'jobs')).toMatchObject(read('en', 'jobs'));
  });

  for (const lang of COMPLETE) {
    describe(lang, () => {
      it('ships every namespace', () => {
        expect(readdirSync(join(LOCALES, lang)).sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
      });
      // i18next picks the form with Intl.PluralRules: a language's missing form (Polish "few", French "many" for
      // 1,000,000) would show the English text. A key English only has in "other" stays "other".
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
      for (const ns of NAMESPACES) {
        it(`${ns}: same keys as en, no extras, same placeholders, the language's plural forms, no empty texts`, () => {
          const en = leaves(read('en', ns));
          const tr = leaves(read(lang, ns));
          expect([...tr.keys()].sort()).toEqual([...en.keys()].sort());
          for (const [key, texts] of en) {
            const other = tr.get(key)!;
            expect(placeholders(other), `${lang}/${ns}:${key}`).toEqual(placeholders(texts));
            for (const t of other) expect(t.trim(), `${lang}/${ns}:${key}`).not.toBe('');
          }
          const trForms = pluralForms(read(lang, ns));
          for (const [key, forms] of pluralForms(read('en', ns)))
            expect(trForms.get(key), `${lang}/${ns}:${key}`).toEqual(forms.join() === 'other' ? ['other'] : categories);
        });
      }
    });
  }

  it('every issuer language ships files', async () => {
    const dirs = readdirSync(LOCALES).sort();
    expect(dirs).toEqual([...ISSUER_LANGUAGE_KEYS].sort());
    expect((await languagesWithResources()).sort()).toEqual(dirs);
    expect([...COMPLETE, 'en'].sort()).toEqual(dirs);
  });

  it('every nav label and route title has an English entry equal to packages/shared', () => {
    const t = i18n.getFixedT('en');
    for (const g of NAV_GROUPS) {
      expect(t(`shell:nav.groups.${g.id}`)).toBe(g.label);
      for (const item of g.items) expect(t(`shell:nav.items.${item.id}`)).toBe(item.label);
    }
    expect(t('shell:nav.items.newJob')).toBe(NAV_NEW_JOB.label);
    for (const r of ROUTES) expect(t(`shell:routes.${r.id}`)).toBe(r.title);
  });
});

describe('SPEC texts in English', () => {
  const t = i18n.getFixedT('en');
  it('are byte-identical', () => {
    expect(t('system:maintenance.message')).toBe(
      'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience',
    );
    expect(t('shell:common.loading')).toBe('Loading...');
    expect(t('table:rows')).toBe('Rows:');
    expect(t('table:dialog.no')).toBe('No');
    expect(t('table:dialog.yes')).toBe('Yes');
    expect(t('table:copied')).toBe('Copied to clipboard');
    expect(t('notifications:genericError')).toBe('Oops, it looks like there was a problem.');
    expect(t('notifications:copy')).toBe('Copy to Clipboard');
    expect(t('notifications:copied')).toBe('Copied!');
    expect(t('system:idle.stay')).toBe('Stay Logged In');
    expect(t('system:version.refreshNow')).toBe('Refresh Now');
    expect(t('system:version.dontRefresh')).toBe("Don't Refresh");
    expect(t('profile:session.featureOff')).toBe(
      'Auto Logout On Idle feature is currently turned off in the site configuration',
    );
    expect(t('profile:session.changed', { value: 'true' })).toBe(
      'Auto Logout On Idle session setting changed to: true',
    );
    expect(t('system:unknownMode')).toBe('Unknown system mode');
    expect(t('profile:systemRoles')).toBe('System Roles');
    expect(t('profile:analysisRoles')).toBe('Analysis Roles');
  });
  it('plurals and interpolation', () => {
    expect(t('system:version.inSeconds', { count: 1 })).toMatch(/in 1 second\.$/);
    expect(t('system:version.inSeconds', { count: 30 })).toMatch(/in 30 seconds\.$/);
    expect(t('system:idle.message', { count: 2 })).toMatch(/logged out in 2 seconds\.$/);
  });
});

describe('language switching', () => {
  it('maps browser tags to supported languages', () => {
    expect(supportedLanguage('de-CH')).toBe('de');
    expect(supportedLanguage('pt_BR')).toBe('pt');
    expect(supportedLanguage('ja')).toBeNull();
    expect(typeof browserLanguage()).toBe('string');
  });

  it('de renders a translated navbar label and page title; unknown languages fall back to en', async () => {
    await setLanguage('de');
    expect(i18n.language).toBe('de');
    const t = i18n.t.bind(i18n);
    const analysisJobs = NAV_GROUPS.flatMap((g) => g.items).find((i) => i.id === 'analysisJobs')!;
    expect(navItemLabel(t, analysisJobs)).toBe('Analyseaufträge');
    expect(
      navGroupLabel(
        t,
        NAV_GROUPS.find((g) => g.id === 'admin')!,
      ),
    ).toBe('Verwaltung');
    expect(i18n.t('shell:userMenu.logout')).toBe('Abmelden');
    expect(
      routeTitle(
        t,
        ROUTES.find((r) => r.id === 'profile')!,
      ),
    ).toBe('Profil');
    expect(i18n.t('table:rows')).toBe('Zeilen:');
    expect(i18n.t('system:version.inSeconds', { count: 5 })).toContain('in 5 Sekunden');
    expect(operationLabel('Loading data')).toBe('Daten werden geladen');
    expect(operationLabel('Creating issuer: step 1')).toBe('Creating issuer: step 1');

    await setLanguage('fr');
    expect(i18n.t('shell:nav.items.home')).toBe('Accueil');

    await setLanguage('sv');
    expect(i18n.language).toBe('sv');
    expect(i18n.t('auth:login.title')).toBe('Logga in');
    expect(i18n.t('shell:nav.items.analysisJobs')).not.toBe('Analysis Jobs');

    // Polish: the four plural forms i18next picks through Intl.PluralRules, none of them English
    await setLanguage('pl');
    const forms = [1, 2, 5, 22, 1.5].map((count) =>
      i18n.t('jobs:workflow.uploadFiles', { count }).replace(/\d+([.,]\d+)?/, '#'),
    );
    expect(new Set(forms).size).toBe(4); // one · few (2, 22) · many (5) · other (1.5)
    expect(forms[1]).toBe(forms[3]);
    for (const f of forms) expect(f).not.toMatch(/^Upload/);

    await setLanguage('xx');
    expect(i18n.language).toBe('en');
    expect(i18n.t('shell:nav.items.analysisJobs')).toBe('Analysis Jobs');
  });
});

describe('admin, DevOps and job-management pages', () => {
  it('are declared namespaces, so the locale checks above cover their keys and placeholders in de and fr', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['admin', 'devops', 'jobs']));
    for (const lang of COMPLETE)
      for (const ns of ['admin', 'devops', 'jobs']) expect(Object.keys(read(lang, ns)).length).toBeGreaterThan(0);
  });

  it('keep the English texts the pages showed before', () => {
    const t = i18n.getFixedT('en');
    expect(t('admin:users.invite')).toBe('Invite user');
    expect(t('admin:users.empty.active')).toBe('No active users.');
    expect(t('admin:users.emptyFiltered.pending')).toBe('No pending users match the filters.');
    expect(t('admin:issuer.deleteBlocked', { count: 2 })).toBe(
      'This issuer has 2 job(s) and cannot be deleted until they are removed.',
    );
    expect(t('admin:systemLogs.retentionOldest', { count: 365, date: 'x' })).toBe(
      'Entries are kept for 365 days; the oldest is from x.',
    );
    expect(t('admin:resultTable.rows', { count: 1, n: '1', ms: 5 })).toBe('1 row in 5 ms');
    expect(t('admin:resultTable.rows', { count: 3, n: '3', ms: 5 })).toBe('3 rows in 5 ms');
    expect(t('devops:landing.waiting', { count: 1, n: '1' })).toBe('1 command waiting or running');
    expect(t('devops:states.InProgress')).toBe('In progress');
    expect(t('devops:proq.refreshEvery', { seconds: 4 })).toBe('Auto-refresh every 4 s');
    expect(t('jobs:create.title', { type: t('jobs:types.base.label') })).toBe('New Summary Upload');
    expect(t('jobs:tabs.workflow/base')).toBe('Summary Upload');
    expect(t('jobs:sections.BusinessCase')).toBe('Business Case');
    expect(t('jobs:file.rowsValid', { count: 10, valid: '9', total: '10' })).toBe('9 of 10 rows valid');
    expect(t('jobs:details.rulesets', { scoring: '3', confidence: '2' })).toBe('Scoring 3 · Confidence 2');
  });

  it('show German and French', async () => {
    await setLanguage('de');
    expect(i18n.t('admin:users.invite')).toBe('Benutzer einladen');
    expect(i18n.t('devops:states.Completed')).toBe('Abgeschlossen');
    expect(i18n.t('jobs:list.newJob')).toBe('Neuer Auftrag');
    expect(i18n.t('jobs:file.preview', { count: 1 })).toBe('Vorschau der ersten 1 Zeile');
    await setLanguage('fr');
    expect(i18n.t('admin:users.invite')).toBe('Inviter un utilisateur');
    expect(i18n.t('jobs:workflow.uploadFiles', { count: 3 })).toBe('Téléverser 3 fichiers');
    await setLanguage('en');
  });
});

describe('a page in another language (the public enrolment page)', () => {
  it('switches its own instance, with dates in that language, and leaves the app’s language alone', async () => {
    await setLanguage('en');
    const page = createPageI18n();
    expect(await setPageLanguage(page, 'de-CH')).toBe('de');
    expect(page.t('campaigns:enrol.confirm')).toBe('Anmeldung bestätigen');
    const date = new Date('2026-03-05T12:00:00Z');
    expect(page.t('campaigns:enrol.expires', { date, formatParams: { date: { dateStyle: 'long' } } })).toBe(
      'Dieser Link ist gültig bis 5. März 2026.',
    );
    expect(
      page.t('campaigns:enrol.refused.used', {
        context: 'decline',
        date,
        formatParams: { date: { dateStyle: 'long' } },
      }),
    ).toContain('am 5. März 2026 verwendet, um die Anmeldung abzulehnen');
    // the app (a signed-in user's own language) is untouched
    expect(i18n.language).toBe('en');
    expect(i18n.t('campaigns:enrol.confirm')).toBe('Confirm enrolment');
    expect(await setPageLanguage(page, 'xx')).toBe('en');
    expect(page.t('campaigns:enrol.confirm')).toBe('Confirm enrolment');
  });

  it('shows the enrolment page in every issuer language, dates in that language', async () => {
    await setLanguage('en');
    const page = createPageI18n();
    const en = i18n.getFixedT('en');
    const date = new Date('2026-03-05T12:00:00Z');
    const expires = { date, formatParams: { date: { dateStyle: 'long' } } };
    for (const lang of COMPLETE) {
      expect(await setPageLanguage(page, lang)).toBe(lang);
      expect(page.language).toBe(lang);
      expect(page.t('campaigns:enrol.title'), lang).not.toBe(en('campaigns:enrol.title'));
      expect(page.t('campaigns:enrol.confirm'), lang).not.toBe(en('campaigns:enrol.confirm'));
      // the date is formatted in the page's language (Intl), inside the translated sentence
      const text = page.t('campaigns:enrol.expires', expires);
      expect(text, lang).toContain(new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(date));
      expect(text, lang).not.toBe(en('campaigns:enrol.expires', expires));
      // and the rest of the namespace, for a signed-in campaign manager of that issuer
      expect(page.t('campaigns:list.title'), lang).not.toBe(en('campaigns:list.title'));
      expect(page.t('campaigns:list.title'), lang).not.toBe('list.title');
    }
    expect(i18n.language).toBe('en');
  });
});
