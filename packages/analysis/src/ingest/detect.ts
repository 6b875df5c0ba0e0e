/**
 * Header auto-mapping: suggests, for each header, the datapoint it most likely holds, with a
 * confidence in [0, 1]. Exact synonym = 1; all synonym words present = 0.85; fuzzy = lower.
 * Each datapoint is assigned to at most one header (best score wins); suggestions under
 * MIN_CONFIDENCE are left unmapped.
 */
import { DATAPOINTS, DATAPOINT_IDS, KIND_DATAPOINTS } from './datapoints.ts';
import type { DatapointId, InputKind } from './datapoints.ts';

export const MIN_CONFIDENCE = 0.6;

export interface ColumnSuggestion {
  header: string;
  index: number;
  datapoint: DatapointId | null;
  confidence: number;
  /** runner-up datapoints, for the mapping UI */
  alternatives: { datapoint: DatapointId; confidence: number }[];
}

export interface DetectedMapping {
  /** datapoint → header */
  mapping: Partial<Record<DatapointId, string>>;
  columns: ColumnSuggestion[];
  /** lowest confidence among mapped required datapoints; 0 when a required one is missing */
  confidence: number;
  missingRequired: DatapointId[];
}

export function normaliseHeader(h: string): string {
  return h
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_\-./#:()[\]]+/g, ' ')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function splitCamel(h: string): string {
  return h.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
}

/** Jaro-Winkler similarity (prefix scale 0.1, up to 4 letters). */
export function jaroWinkler(a: string, b: string): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  const range = Math.max(0, Math.floor(Math.max(la, lb) / 2) - 1);
  const ma = new Uint8Array(la);
  const mb = new Uint8Array(lb);
  let m = 0;
  for (let i = 0; i < la; i++) {
    for (let j = Math.max(0, i - range); j < Math.min(lb, i + range + 1); j++) {
      if (!mb[j] && a[i] === b[j]) {
        ma[i] = mb[j] = 1;
        m++;
        break;
      }
    }
  }
  if (!m) return 0;
  let t = 0;
  let k = 0;
  for (let i = 0; i < la; i++) {
    if (!ma[i]) continue;
    while (!mb[k]) k++;
    if (a[i] !== b[k]) t++;
    k++;
  }
  const jaro = (m / la + m / lb + (m - t / 2) / m) / 3;
  let p = 0;
  while (p < Math.min(4, la, lb) && a[p] === b[p]) p++;
  return jaro + p * 0.1 * (1 - jaro);
}

/** Headers that look like a datapoint's synonym but are not it ("Current" in an aging report is not a currency). */
const NOT_SYNONYMS: Partial<Record<DatapointId, readonly string[]>> = {
  currency: ['current', 'currents', 'concurrency', 'current period'],
};

/** A value that reads as a code or number (an account number, "100001", "V-000101"), not a name. */
const CODE_VALUE = /^[A-Z]{0,4}[-_/ ]?\d[\d\-_/.]*$/i;

/** A fuzzy match counts from this Jaro-Winkler similarity up. */
const FUZZY_FROM = 0.92;

/**
 * The highest Jaro-Winkler similarity two strings of these lengths can have (every letter of the shorter one matched,
 * no transpositions, a four-letter common prefix). Wide files have thousands of headers ("C1" … "C2000") scored
 * against every synonym: those whose lengths alone rule out a fuzzy match skip the comparison.
 */
function jaroWinklerBound(la: number, lb: number): number {
  if (!la || !lb) return 0;
  const m = Math.min(la, lb);
  const jaro = (m / la + m / lb + 1) / 3;
  return jaro + 0.4 * (1 - jaro);
}

/** Each datapoint's synonyms with their words, split once. */
const SYNONYM_WORDS = new Map<DatapointId, readonly { s: string; words: readonly string[] }[]>(
  DATAPOINT_IDS.map((dp) => [dp, DATAPOINTS[dp].synonyms.map((s) => ({ s, words: s.split(' ') }))]),
);

function scoreHeader(h: string, dp: DatapointId): number {
  if (NOT_SYNONYMS[dp]?.includes(h)) return 0;
  let best = 0;
  const words = new Set(h.split(' '));
  for (const { s, words: sw } of SYNONYM_WORDS.get(dp)!) {
    if (h === s) return 1;
    if (sw.length > 1 && sw.every((w) => words.has(w))) best = Math.max(best, 0.85 - 0.02 * (words.size - sw.length));
    else if (sw.length === 1 && words.has(s) && words.size <= 3) best = Math.max(best, 0.7 - 0.05 * (words.size - 1));
    // (a margin below FUZZY_FROM keeps the skip on the safe side of floating-point rounding)
    if (jaroWinklerBound(h.length, s.length) < FUZZY_FROM - 1e-6) continue;
    const jw = jaroWinkler(h, s);
    if (jw >= FUZZY_FROM) best = Math.max(best, (jw - FUZZY_FROM) * 2.5 + 0.65);
  }
  return Math.min(best, 0.99);
}

/**
 * Suggests a datapoint for each header. `kind` restricts candidates to the kind's datapoints. With `sample`
 * (the first data rows), a column whose values are all codes or numbers is not taken as the supplier name
 * (SAP's "Vendor" next to "Name 1") but as the supplier id.
 */
export function detectColumns(
  headers: readonly string[],
  kind?: InputKind,
  sample: readonly (readonly string[])[] = [],
): DetectedMapping {
  const candidates = kind ? KIND_DATAPOINTS[kind] : DATAPOINT_IDS;
  const codes = headers.map((_, i) => {
    const values = sample.map((r) => (r[i] ?? '').trim()).filter(Boolean);
    return values.length > 0 && values.every((v) => CODE_VALUE.test(v));
  });
  const scored = headers.map((raw, index) => {
    const h = normaliseHeader(splitCamel(raw));
    const scores = candidates
      .map((dp) => {
        let confidence = scoreHeader(h, dp);
        if (codes[index] && dp === 'supplierName') confidence *= 0.5;
        if (codes[index] && dp === 'supplierId' && confidence === 0 && scoreHeader(h, 'supplierName') >= 0.7)
          confidence = 0.7;
        return { datapoint: dp, confidence: Math.round(confidence * 100) / 100 };
      })
      .filter((s) => s.confidence > 0);
    scores.sort((a, b) => b.confidence - a.confidence);
    return { header: raw, index, scores };
  });
  // Greedy global assignment: highest-confidence (header, datapoint) pairs first.
  const pairs = scored.flatMap((s) => s.scores.map((x) => ({ index: s.index, ...x })));
  pairs.sort((a, b) => b.confidence - a.confidence || a.index - b.index);
  const takenHeader = new Set<number>();
  const takenDp = new Set<DatapointId>();
  const chosen = new Map<number, { datapoint: DatapointId; confidence: number }>();
  for (const p of pairs) {
    if (p.confidence < MIN_CONFIDENCE || takenHeader.has(p.index) || takenDp.has(p.datapoint)) continue;
    takenHeader.add(p.index);
    takenDp.add(p.datapoint);
    chosen.set(p.index, { datapoint: p.datapoint, confidence: p.confidence });
  }
  const columns: ColumnSuggestion[] = scored.map((s) => {
    const c = chosen.get(s.index);
    return {
      header: s.header,
      index: s.index,
      datapoint: c?.datapoint ?? null,
      confidence: c?.confidence ?? 0,
      alternatives: s.scores.filter((x) => x.datapoint !== c?.datapoint).slice(0, 3),
    };
  });
  const mapping: Partial<Record<DatapointId, string>> = {};
  for (const c of columns) if (c.datapoint) mapping[c.datapoint] = c.header;
  const required: DatapointId[] = kind
    ? kind === 'suppliers'
      ? ['supplierName']
      : ['supplierName', 'amount']
    : ['supplierName'];
  const missingRequired = required.filter((r) => !mapping[r]);
  const confidence = missingRequired.length
    ? 0
    : Math.min(...required.map((r) => columns.find((c) => c.datapoint === r)!.confidence));
  return { mapping, columns, confidence, missingRequired };
}

/** A cell that holds a number, an amount or a date rather than a label. */
const VALUE_CELL =
  /^[-+(]?\s*(?:[$€£¥₹]|[A-Z]{3}\s)?\s*[-+]?[\d.,' ]+\)?\s*(?:[$€£¥₹%]|\s[A-Z]{3})?$|^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}/;

function widthOf(fields: readonly string[]): number {
  let w = fields.length;
  while (w > 0 && !fields[w - 1]) w--;
  return w;
}

export interface HeaderRowGuess {
  /** index into the candidate rows */
  index: number;
  /** how many of its cells were recognised as datapoints */
  recognised: number;
}

/**
 * Finds the header among the first rows of a file, below title lines, notes and blank lines: each
 * candidate is scored by how many of its cells are recognised header names and are text rather than
 * numbers or dates, and by whether the rows after it have as many fields as it has. The first row
 * wins ties, so an ordinary file keeps its first row as the header.
 */
export function detectHeaderRow(rows: readonly (readonly string[])[], kind?: InputKind): HeaderRowGuess {
  const limit = Math.min(rows.length, 30);
  let best: HeaderRowGuess & { score: number } = { index: 0, recognised: 0, score: -Infinity };
  for (let i = 0; i < limit; i++) {
    const cells = rows[i]!;
    const width = widthOf(cells);
    if (width === 0) continue;
    const filled = cells.slice(0, width).filter((c) => c !== '');
    const text = filled.filter((c) => !VALUE_CELL.test(c)).length;
    const distinct = new Set(filled.map((c) => c.toLowerCase())).size;
    const recognised = Object.keys(detectColumns(cells.slice(0, width), kind).mapping).length;
    const next = rows.slice(i + 1, i + 11).filter((r) => widthOf(r) > 0);
    const fits = next.length
      ? next.filter((r) => widthOf(r) <= width + 0 && widthOf(r) >= Math.max(1, Math.ceil(width / 2))).length /
        next.length
      : 0.5;
    let score = 3 * recognised + text + (distinct === filled.length ? 1 : 0) + 2 * fits * Math.min(width, 10);
    if (text < filled.length / 2) score /= 3; // mostly numbers: a data row
    if (width === 1 && next.some((r) => widthOf(r) > 1)) score /= 3; // a title line above a table
    if (i === 0) score += 0.5;
    if (score > best.score) best = { index: i, recognised, score };
  }
  return { index: best.index, recognised: best.recognised };
}

/**
 * How well the first rows of a worksheet hold a table of `kind`: the required datapoints recognised in its header
 * row (found as detectHeaderRow finds it) first, then every datapoint recognised, then data rows below it (up to 9).
 * -1 for a sheet without rows. A workbook's cover page, notes or pivot sheet scores below the sheet with the table.
 */
export function tableScore(rows: readonly (readonly string[])[], kind?: InputKind): number {
  if (!rows.some((r) => widthOf(r) > 0)) return -1;
  const guess = detectHeaderRow(rows, kind);
  const header = rows[guess.index]!;
  const below = rows.slice(guess.index + 1).filter((r) => widthOf(r) > 0);
  const d = detectColumns(header.slice(0, widthOf(header)), kind, below.slice(0, 50));
  const required = kind === 'suppliers' || !kind ? 1 : 2;
  return (required - d.missingRequired.length) * 100 + Object.keys(d.mapping).length * 10 + Math.min(below.length, 9);
}

/** Labels of totals and subtotals rows (whole cell, any case): "Total", "Grand total", "Summe", "Total général"… */
export const TOTAL_LABEL_REGEX =
  '^\\s*(grand[ -]?total|sub[ -]?total|totals?|gesamt(summe|betrag)?|summe|zwischensumme|endsumme|total (général|general|geral|generale)|totale( generale)?|totaal|som|sum|sous[ -]total|subtotaal|insgesamt|report total|total amount|total spend|total paid)\\s*:?\\s*$';
export const TOTAL_LABEL = new RegExp(TOTAL_LABEL_REGEX, 'i');
