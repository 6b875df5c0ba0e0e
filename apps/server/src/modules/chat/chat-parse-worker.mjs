/**
 * Worker thread of chat.parse.ts: extracts the text of one PDF (unpdf) or DOCX (mammoth) per page under the heap
 * limit and wall clock the parent set, posts { progress: { done, total } } as pages are read, then { ok: true, pages }
 * or { ok: false, message }. Plain JavaScript
 * so that it starts in any parent (Node 20 does not apply the parent's loader to workers).
 */
import { parentPort, workerData } from 'node:worker_threads';

const { kind, bytes, maxPages } = workerData;

const progress = (done, total) => parentPort.postMessage({ progress: { done, total } });

/** PDF: one entry per page (1-based), read page by page (the text of unpdf's extractText, page after page). */
async function pdfPages(data) {
  const { getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(data));
  if (pdf.numPages > maxPages) throw new Error(`the PDF has ${pdf.numPages} pages; at most ${maxPages} are accepted`);
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const text = content.items
      .filter((item) => item.str != null)
      .map((item) => item.str + (item.hasEOL ? '\n' : ''))
      .join('');
    page.cleanup();
    pages.push({ page: n, text });
    progress(n, pdf.numPages);
  }
  return pages;
}

const decodeEntities = (s) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/**
 * DOCX: mammoth's HTML with explicit page breaks mapped to <hr>; each part between breaks is a page (a DOCX has no
 * fixed pages; its explicit breaks are what the author marked). Paragraphs become lines.
 */
async function docxPages(data) {
  const mammoth = (await import('mammoth')).default;
  const { value } = await mammoth.convertToHtml(
    { buffer: Buffer.from(data) },
    { styleMap: ["br[type='page'] => hr"], convertImage: mammoth.images.imgElement(() => ({ src: '' })) },
  );
  const parts = value.split(/<hr\s*\/?>/i);
  if (parts.length > maxPages)
    throw new Error(`the document has ${parts.length} pages; at most ${maxPages} are accepted`);
  progress(parts.length, parts.length);
  return parts.map((html, i) => ({
    page: i + 1,
    text: decodeEntities(
      html
        .replace(/<\/(p|h[1-6]|li|tr|table|ul|ol)>/gi, '\n')
        .replace(/<br\s*\/?>/gi, '\n')
        .replace(/<\/t[dh]>/gi, '\t')
        .replace(/<[^>]+>/g, ''),
    ),
  }));
}

try {
  const pages = kind === 'pdf' ? await pdfPages(bytes) : await docxPages(bytes);
  parentPort.postMessage({ ok: true, pages });
} catch (e) {
  parentPort.postMessage({ ok: false, message: e instanceof Error ? e.message : String(e) });
}
