/**
 * Property-based fuzzing of chatbot document ingestion (fast-check), issue 31: the content check, text/Markdown/CSV
 * reading, the PDF and DOCX worker, passage splitting and the language guess, fed random, structured and mutated
 * documents. Every case must end in pages and passages that keep their invariants or in a ChatDocumentError (the
 * module's error, shown to the uploader) — never another error, never a hang — with the process's memory bounded.
 * Deterministic: a fixed seed (FUZZ_SEED to change it); FUZZ_RUNS scales every budget.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ChatDocumentError,
  PARSE_LIMITS,
  checkDocument,
  extractPages,
  guessLanguage,
  splitPassages,
  type PageText,
} from '../../src/modules/chat/chat.parse.ts';
import { makeDocx, makePdf } from '../chat-fixtures.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_127);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
const params = (numRuns: number) => ({ seed: SEED, numRuns: runs(numRuns), endOnFailure: true });
const LANGUAGES = ['english', 'german', 'french', 'simple'];
/** A case must settle well within the worker's own wall clock. */
const CASE_MS = 10_000;

interface Ingested {
  pages: PageText[];
  passages: { page: number; content: string }[];
  language: string;
}

/** The upload path of a document (chat.service / chat.commands): check, read, split, guess the language. */
async function ingest(filename: string, bytes: Buffer): Promise<Ingested | ChatDocumentError> {
  const started = Date.now();
  try {
    const kind = checkDocument(filename, bytes);
    const pages = await extractPages(kind, bytes);
    const passages = splitPassages(pages);
    return { pages, passages, language: guessLanguage(passages.map((p) => p.content).join(' ')) };
  } catch (e) {
    if (e instanceof ChatDocumentError) {
      expect(e.message.length).toBeGreaterThan(0);
      expect(e.message.length).toBeLessThan(500);
      return e;
    }
    throw e;
  } finally {
    expect(Date.now() - started).toBeLessThan(CASE_MS);
  }
}

/** Invariants of a read document. */
function checkInvariants(r: Ingested): void {
  let last = 0;
  for (const p of r.pages) {
    expect(Number.isInteger(p.page) && p.page > last).toBe(true);
    expect(typeof p.text).toBe('string');
    last = p.page;
  }
  const pageNumbers = new Set(r.pages.map((p) => p.page));
  let lastPage = 0;
  for (const p of r.passages) {
    expect(pageNumbers.has(p.page)).toBe(true);
    expect(p.page).toBeGreaterThanOrEqual(lastPage); // in page order
    expect(p.content).toBe(p.content.trim());
    expect(p.content.length).toBeGreaterThan(0);
    expect(p.content.length).toBeLessThanOrEqual(PARSE_LIMITS.passageChars);
    lastPage = p.page;
  }
  // passages hold no more text than the pages (nothing invented), and every page's words are kept
  const solid = (s: string) => s.replace(/\s+/g, '').length;
  const pageChars = r.pages.reduce((n, p) => n + solid(p.text), 0);
  expect(r.passages.reduce((n, p) => n + solid(p.content), 0)).toBeLessThanOrEqual(pageChars);
  if (pageChars > 0 && r.pages.some((p) => /[^\s#*•\-.\d]/.test(p.text))) expect(r.passages.length).toBeGreaterThan(0);
  expect(LANGUAGES).toContain(r.language);
}

async function boundedMemory(fn: () => Promise<void>, mb: number): Promise<void> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const iv = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    await fn();
  } finally {
    clearInterval(iv);
  }
  expect((Math.max(peak, process.memoryUsage().rss) - base) / 1048576).toBeLessThan(mb);
}

// ---------- generators ----------

const piece = fc.oneof(
  fc.constantFrom('\n', '\r\n', '\n\n', '\f', '\uFEFF', ' ', '\t', '. ', '! ', '? ', '# ', '- ', '* ', '• ', '1. '),
  fc.constantFrom(',', ';', '|', '"', '""', 'Header,Value\n', 'name;amount\n'),
  fc.constantFrom('Damaged goods may be returned', 'Der Vertrag ist nicht', 'la facture est', 'Ünïcödé', '😀'),
  fc.string({ maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  // one long "sentence" without punctuation (cut into passages)
  fc.integer({ min: 700, max: 3000 }).map((n) => 'word'.repeat(n / 4)),
);
const text = fc.array(piece, { maxLength: 200 }).map((p) => p.join(''));
const textName = fc.constantFrom('notes.txt', 'README.md', 'table.csv', 'UPPER.TXT', 'x.markdown');
const anyName = fc.constantFrom('a.pdf', 'a.docx', 'a.txt', 'a.md', 'a.csv', 'a.exe', 'noext', '.pdf', 'a.PDF');

function mutate(bytes: Buffer, edits: { at: number; byte: number }[], cut: number | null): Buffer {
  const b = Buffer.from(bytes);
  for (const e of edits) b[e.at % b.length] = e.byte;
  return cut === null ? b : b.subarray(0, cut % (b.length + 1));
}
const edits = fc.array(fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }), { maxLength: 24 });

describe('chat document ingestion (fuzz)', () => {
  let pdf: Buffer;
  let docx: Buffer;
  beforeAll(async () => {
    pdf = await makePdf(['Damaged goods may be returned within 30 days.', 'Page two.\nSecond line.', '']);
    docx = await makeDocx([['Returns are accepted.', 'Refunds take five days.'], ['Second page.']]);
  });

  it('reads any UTF-8 text, Markdown or CSV into pages and bounded passages', async () => {
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(textName, text, async (name, t) => {
          const r = await ingest(name, Buffer.from(t, 'utf8'));
          if (r instanceof ChatDocumentError) {
            // refused only for what the check names: empty, NUL (binary) or a zip/PDF signature
            const signature = t.startsWith('PK\u0003\u0004') || Buffer.from(t).subarray(0, 8).includes('%PDF-');
            expect(t === '' || t.includes('\u0000') || signature).toBe(true);
            return;
          }
          checkInvariants(r);
        }),
        params(200),
      );
    }, 300);
  });

  it('refuses random bytes under any name with a ChatDocumentError, or reads them', async () => {
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(
          anyName,
          fc.oneof(
            fc.uint8Array({ maxLength: 4096 }),
            fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([Buffer.from('PK\u0003\u0004'), b])),
            fc.string({ unit: 'binary', maxLength: 2000 }).map((s) => Buffer.from(s, 'latin1')),
          ),
          async (name, bytes) => {
            const r = await ingest(name, Buffer.from(bytes));
            if (!(r instanceof ChatDocumentError)) checkInvariants(r);
          },
        ),
        params(200),
      );
    }, 300);
  });

  it('reads or refuses a damaged PDF (flipped bytes, truncation) in the worker', async () => {
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(edits, fc.option(fc.nat(), { nil: null }), async (e, cut) => {
          const damaged = mutate(pdf, e, cut);
          const r = await ingest('policy.pdf', damaged);
          if (!(r instanceof ChatDocumentError)) checkInvariants(r);
        }),
        params(10),
      );
    }, 400);
  });

  it('reads or refuses a damaged DOCX (flipped bytes, truncation, lying directory)', async () => {
    const eocd = docx.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    await boundedMemory(async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            // bytes flipped anywhere, or inside the central directory (where sizes and offsets are)
            edits,
            edits.map((es) => es.map((x) => ({ ...x, at: eocd + (x.at % 22) }))),
          ),
          fc.option(fc.nat(), { nil: null }),
          async (e, cut) => {
            const r = await ingest('policy.docx', mutate(docx, e, cut));
            if (!(r instanceof ChatDocumentError)) checkInvariants(r);
          },
        ),
        params(16),
      );
    }, 400);
  });
});
