/**
 * Reference data (public standards, committed as CSV in packages/analysis/reference/):
 * MCC (ISO 18245) with group and type, SIC 1987 hierarchy, NAICS 2022 national industries,
 * UNSPSC segments and families, the MCC → SIC / NAICS / UNSPSC crosswalk, ISO 3166 countries
 * and indicative currency rates. Loaded into DuckDB tables ref_* on demand.
 */
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Db } from '../db.ts';
import { lit } from '../db.ts';

export const REFERENCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'reference');

export const REFERENCE_FILES = {
  ref_mcc: 'mcc.csv',
  ref_sic: 'sic.csv',
  ref_naics: 'naics.csv',
  ref_unspsc: 'unspsc.csv',
  ref_crosswalk: 'mcc-crosswalk.csv',
  ref_countries: 'countries.csv',
  ref_currencies: 'currencies.csv',
} as const;

export type ReferenceTable = keyof typeof REFERENCE_FILES;

export function referencePath(table: ReferenceTable): string {
  return path.join(REFERENCE_DIR, REFERENCE_FILES[table]);
}

/** Creates the ref_* tables (idempotent). */
export async function loadReference(
  db: Db,
  tables: ReferenceTable[] = Object.keys(REFERENCE_FILES) as ReferenceTable[],
): Promise<void> {
  for (const t of tables) {
    await db.run(
      `CREATE TABLE IF NOT EXISTS ${t} AS SELECT * FROM read_csv(${lit(referencePath(t))}, header=true, all_varchar=true, delim=',', quote='"')`,
    );
  }
  if (tables.includes('ref_countries')) {
    // One lookup row per accepted spelling: ISO2, ISO3, English name and aliases, all upper-case, accents stripped.
    await db.run(`CREATE TABLE IF NOT EXISTS ref_country_lookup AS
      SELECT DISTINCT k AS key, iso3, iso2 FROM (
        SELECT upper(strip_accents(iso2)) k, iso3, iso2 FROM ref_countries
        UNION ALL SELECT upper(strip_accents(iso3)), iso3, iso2 FROM ref_countries
        UNION ALL SELECT upper(strip_accents(name)), iso3, iso2 FROM ref_countries
        UNION ALL SELECT upper(strip_accents(trim(unnest(string_split(aliases, ';'))))), iso3, iso2 FROM ref_countries WHERE aliases IS NOT NULL
      ) WHERE k <> ''`);
  }
  if (
    tables.includes('ref_crosswalk') &&
    tables.includes('ref_mcc') &&
    tables.includes('ref_sic') &&
    tables.includes('ref_naics') &&
    tables.includes('ref_unspsc')
  ) {
    await db.run(`CREATE TABLE IF NOT EXISTS ref_mcc_industry AS
      SELECT m.mcc, m.mccDescription, m.mccGroup, m.mccType,
             s.sicDivision, s.sicDivisionTitle, s.sicMajorGroup, s.sicMajorGroupTitle,
             s.sicIndustryGroup, s.sicIndustryGroupTitle, s.sicIndustry, s.sicIndustryTitle,
             n.naics, n.naicsTitle, u.unspscSegment, u.unspscSegmentTitle, u.unspscFamily, u.unspscFamilyTitle
      FROM ref_mcc m
      LEFT JOIN ref_crosswalk x USING (mcc)
      LEFT JOIN ref_sic s ON s.sicIndustry = x.sicIndustry
      LEFT JOIN ref_naics n ON n.naics = x.naics
      LEFT JOIN ref_unspsc u ON u.unspscFamily = x.unspscFamily`);
  }
}
