import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAV_GROUPS, NAV_NEW_JOB, ROUTES } from '@sextant/shared/values';
import i18n, {
  browserLanguage,
  EN_RESOURCES,
  LANGUAGES_WITH_RESOURCES,
  NAMESPACES,
  operationLabel,
  setLanguage,
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
const read = (lang: string, ns: string) => JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as TTree;

describe('locale files', () => {
  it('English has exactly the declared namespaces, each bundled', () => {
    expect(readdirSync(join(LOCALES, 'en')).sort()).toEqual(NAMESPACES.map((n) => `${n}.json`).sort());
    for (const ns of NAMESPACES) expect(EN_RESOURCES[ns]).toEqual(read('en', ns));
  });

  for (const lang of ['de', 'fr']) {
    describe(lang, () => {
      for (const ns of NAMESPACES) {
        it(`${ns}: same keys as en, no extras, same placeholders, no empty texts`, () => {
          const en = leaves(read('en', ns));
          const tr = leaves(read(lang, ns));
          expect([...tr.keys()].sort()).toEqual([...en.keys()].sort());
          for (const [key, texts] of en) {
            const other = tr.get(key)!;
            expect(placeholders(other), `${lang}/${ns}:${key}`).toEqual(placeholders(texts));
            for (const t of other) expect(t.trim(), `${lang}/${ns}:${key}`).not.toBe('');
          }
        });
      }
    });
  }

  it('only complete languages ship files (the others fall back to English)', () => {
    const dirs = readdirSync(LOCALES).sort();
    expect(dirs).toEqual(['de', 'en', 'fr']);
    expect([...LANGUAGES_WITH_RESOURCES].sort()).toEqual(dirs);
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

    await setLanguage('sv'); // no Swedish resources yet: English fallback
    expect(i18n.language).toBe('sv');
    expect(i18n.t('shell:nav.items.analysisJobs')).toBe('Analysis Jobs');

    await setLanguage('xx');
    expect(i18n.language).toBe('en');
    expect(i18n.t('shell:nav.items.analysisJobs')).toBe('Analysis Jobs');
  });
});

describe('admin, DevOps and job-management pages', () => {
  it('are declared namespaces, so the locale checks above cover their keys and placeholders in de and fr', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['admin', 'devops', 'jobs']));
    for (const lang of ['de', 'fr'])
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
