/**
 * Chat documents are untrusted files (DESIGN §6): the kind is checked by content (not only by name), zip containers
 * are refused when their directory declares too much, and PDF/DOCX are read off the calling thread in a worker with
 * a capped heap and a wall clock (chat-parse-worker.mjs). Text files are decoded as strict UTF-8. The text is then
 * split into passages of a few sentences that never cross a page, and its language guessed for full-text search.
 */
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import { CHAT_DOCUMENT_EXTENSIONS, type TChatDocumentKind } from '@sextant/shared/values';

export const PARSE_LIMITS = {
  /** Heap of the PDF/DOCX worker. */
  workerHeapMb: 256,
  timeoutMs: 60_000,
  maxPages: 5_000,
  /** Sum of the uncompressed sizes a DOCX may declare. */
  maxInflatedBytes: 200 * 1024 * 1024,
  maxZipEntries: 5_000,
  maxTextChars: 20_000_000,
  /** Lines of a text file counted as one page. */
  textLinesPerPage: 60,
  passageChars: 700,
} as const;

/** A file the assistant cannot take: the message is shown to the uploader with the file name. */
export class ChatDocumentError extends Error {}

export interface PageText {
  page: number;
  text: string;
}
export interface Passage {
  page: number;
  content: string;
}

const zipMagic = (b: Buffer) => b.length >= 4 && b.readUInt32LE(0) === 0x04034b50;
const pdfMagic = (b: Buffer) => b.subarray(0, 1024).includes('%PDF-');

/** Names and declared sizes of a zip's central directory (bounds-checked). */
export function zipDirectory(b: Buffer): { name: string; size: number }[] {
  const tailStart = Math.max(0, b.length - 65_557);
  const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < tailStart || eocd + 22 > b.length)
    throw new ChatDocumentError('the DOCX file is damaged (no zip directory)');
  const count = b.readUInt16LE(eocd + 10);
  let at = b.readUInt32LE(eocd + 16);
  if (count > PARSE_LIMITS.maxZipEntries) throw new ChatDocumentError(`the DOCX file has too many parts (${count})`);
  const out: { name: string; size: number }[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > b.length || b.readUInt32LE(at) !== 0x02014b50)
      throw new ChatDocumentError('the DOCX file is damaged (bad zip directory)');
    const size = b.readUInt32LE(at + 24);
    const nameLen = b.readUInt16LE(at + 28);
    const extraLen = b.readUInt16LE(at + 30);
    const commentLen = b.readUInt16LE(at + 32);
    if (at + 46 + nameLen > b.length) throw new ChatDocumentError('the DOCX file is damaged (bad zip directory)');
    out.push({ name: b.toString('utf8', at + 46, at + 46 + nameLen), size });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The document kind by name, confirmed by content; throws ChatDocumentError with the reason. */
export function checkDocument(filename: string, bytes: Buffer): TChatDocumentKind {
  const ext = path.extname(filename).toLowerCase();
  const kind = CHAT_DOCUMENT_EXTENSIONS[ext];
  if (!kind)
    throw new ChatDocumentError(
      `${ext || 'files without an extension'} is not accepted; upload PDF, DOCX, TXT, MD or CSV`,
    );
  if (bytes.length === 0) throw new ChatDocumentError('the file is empty');
  if (kind === 'pdf') {
    if (!pdfMagic(bytes)) throw new ChatDocumentError('the file is named .pdf but its content is not a PDF');
    return kind;
  }
  if (kind === 'docx') {
    if (!zipMagic(bytes)) throw new ChatDocumentError('the file is named .docx but its content is not a DOCX document');
    const dir = zipDirectory(bytes);
    if (!dir.some((e) => e.name === 'word/document.xml'))
      throw new ChatDocumentError('the file is a zip archive but not a Word document (no word/document.xml)');
    const declared = dir.reduce((n, e) => n + e.size, 0);
    if (declared > PARSE_LIMITS.maxInflatedBytes)
      throw new ChatDocumentError(
        `the DOCX file unpacks to ${Math.round(declared / 1048576)} MB; at most ${PARSE_LIMITS.maxInflatedBytes / 1048576} MB are accepted`,
      );
    return kind;
  }
  if (zipMagic(bytes) || pdfMagic(bytes.subarray(0, 8)))
    throw new ChatDocumentError(`the file is named ${ext} but its content is binary, not text`);
  if (bytes.includes(0)) throw new ChatDocumentError(`the file is named ${ext} but its content is binary, not text`);
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ChatDocumentError('the text file is not valid UTF-8; save it as UTF-8 and upload it again');
  }
  return kind;
}

/** Pages read so far of a document's pages. */
export type ReadProgress = (done: number, total: number) => void;

/** PDF/DOCX text per page, read in a worker with a capped heap and a wall clock. */
function pagesInWorker(kind: 'pdf' | 'docx', bytes: Buffer, onPage?: ReadProgress): Promise<PageText[]> {
  const label = kind === 'pdf' ? 'PDF' : 'DOCX';
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./chat-parse-worker.mjs', import.meta.url), {
      workerData: { kind, bytes, maxPages: PARSE_LIMITS.maxPages },
      resourceLimits: { maxOldGenerationSizeMb: PARSE_LIMITS.workerHeapMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new ChatDocumentError(`reading the ${label} took longer than ${PARSE_LIMITS.timeoutMs / 1000} s`)),
        ),
      PARSE_LIMITS.timeoutMs,
    );
    type Message =
      { ok: true; pages: PageText[] } | { ok: false; message: string } | { progress: { done: number; total: number } };
    worker.on('message', (m: Message) => {
      if ('progress' in m) {
        if (!settled) onPage?.(m.progress.done, m.progress.total);
        return;
      }
      settle(() =>
        m.ok ? resolve(m.pages) : reject(new ChatDocumentError(`the ${label} cannot be read (${m.message})`)),
      );
    });
    worker.on('error', (e: Error & { code?: string }) =>
      settle(() =>
        reject(
          new ChatDocumentError(
            e.code === 'ERR_WORKER_OUT_OF_MEMORY'
              ? `reading the ${label} needs more than ${PARSE_LIMITS.workerHeapMb} MB of memory`
              : `the ${label} cannot be read (${e.message})`,
          ),
        ),
      ),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new ChatDocumentError(`the ${label} cannot be read (reader exited with ${code})`))),
    );
  });
}

/** Text files: a page is PARSE_LIMITS.textLinesPerPage lines, or what a form feed ends. */
export function textPages(text: string): PageText[] {
  const pages: PageText[] = [];
  let page = 1;
  for (const sheet of text.replace(/^\uFEFF/, '').split('\f')) {
    const lines = sheet.split(/\r?\n/);
    for (let i = 0; i < lines.length; i += PARSE_LIMITS.textLinesPerPage) {
      pages.push({ page: page++, text: lines.slice(i, i + PARSE_LIMITS.textLinesPerPage).join('\n') });
    }
  }
  return pages;
}

/** CSV: each row becomes a line "header: value; header: value" so a passage reads on its own. */
export function csvPages(text: string): PageText[] {
  const rows = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim());
  if (!rows.length) return [];
  const delim = [',', ';', '\t', '|'].sort((a, b) => rows[0]!.split(b).length - rows[0]!.split(a).length)[0]!;
  const split = (l: string) => l.split(delim).map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
  const header = split(rows[0]!);
  const lines = rows.slice(1).map(
    (r) =>
      split(r)
        .map((v, i) => (v ? `${header[i] ?? `column ${i + 1}`}: ${v}` : ''))
        .filter(Boolean)
        .join('; ') + '.',
  );
  return textPages(lines.join('\n'));
}

/** Text per page of a checked document; onPage hears of the pages read (PDF page by page, else at once). */
export async function extractPages(kind: TChatDocumentKind, bytes: Buffer, onPage?: ReadProgress): Promise<PageText[]> {
  const pages =
    kind === 'pdf' || kind === 'docx'
      ? await pagesInWorker(kind, bytes, onPage)
      : kind === 'csv'
        ? csvPages(bytes.toString('utf8'))
        : textPages(bytes.toString('utf8'));
  if (kind !== 'pdf' && kind !== 'docx') onPage?.(pages.length, pages.length);
  const chars = pages.reduce((n, p) => n + p.text.length, 0);
  if (chars > PARSE_LIMITS.maxTextChars)
    throw new ChatDocumentError(`the document holds more than ${PARSE_LIMITS.maxTextChars} characters of text`);
  return pages;
}

/**
 * Sentences of a text (abbreviation-light: a period, ! or ? followed by space and a capital or digit); a line break
 * also ends a sentence, and Markdown heading and list markers are dropped, so a heading is never glued to a quote.
 */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.replace(/^\s*(#{1,6}|[-*•]|\d+\.)\s+/, '').replace(/\s+/g, ' '))
    .flatMap((line) => line.split(/(?<=[.!?])\s+(?=["'“(]?[A-ZÄÖÜÀ-Ý0-9])/u))
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Passages of about PARSE_LIMITS.passageChars characters made of whole paragraphs or sentences, within a page. */
export function splitPassages(pages: PageText[]): Passage[] {
  const out: Passage[] = [];
  const max = PARSE_LIMITS.passageChars;
  for (const { page, text } of pages) {
    const paragraphs = text
      .split(/\n\s*\n|\n(?=#{1,6} |[-*•] |\d+\. )/)
      .map((p) => p.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    let buf = '';
    const flush = () => {
      if (buf.trim()) out.push({ page, content: buf.trim() });
      buf = '';
    };
    for (const para of paragraphs) {
      if (buf && buf.length + para.length + 1 > max) flush();
      if (para.length <= max) {
        buf = buf ? `${buf}\n${para}` : para;
        continue;
      }
      for (const s of sentencesOf(para)) {
        if (buf && buf.length + s.length + 1 > max) flush();
        // a "sentence" longer than a passage (no punctuation) is cut at word boundaries
        if (s.length > max) {
          for (let i = 0; i < s.length; i += max) {
            buf = s.slice(i, i + max);
            flush();
          }
        } else buf = buf ? `${buf} ${s}` : s;
      }
    }
    flush();
  }
  return out;
}

const STOPWORDS: Record<string, string[]> = {
  english: ['the', 'and', 'of', 'to', 'is', 'in', 'that', 'for', 'with', 'are', 'this', 'you', 'on', 'be'],
  german: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'den', 'für', 'ein', 'eine', 'sie', 'auf', 'zu'],
  french: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'pour', 'que', 'dans', 'qui', 'sur', 'pas', 'du'],
};

/** The text-search configuration for a text: english, german or french by stop words, else simple. */
export function guessLanguage(text: string): string {
  const words =
    text
      .slice(0, 50_000)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [];
  const counts = Object.fromEntries(Object.keys(STOPWORDS).map((k) => [k, 0])) as Record<string, number>;
  const sets = Object.entries(STOPWORDS).map(([k, v]) => [k, new Set(v)] as const);
  for (const w of words) for (const [k, s] of sets) if (s.has(w)) counts[k]!++;
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0]!;
  return n >= 3 && n >= words.length * 0.02 ? best : 'simple';
}
