/**
 * Documents for the chat tests and benchmark, made on the fly (no binaries in the repository): a PDF with one text
 * block per page (pdf-lib) and a DOCX with explicit page breaks (docx).
 */
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Document, Packer, PageBreak, Paragraph, TextRun } from 'docx';
import { TEST_ORIGIN, type TestApp } from './harness.ts';

/** The returns policy the chat tests index: page 2 holds the refund rule their questions are about. */
export const RETURNS_POLICY_PAGES = [
  'Harbour Logistics returns policy. Orders ship within two business days from our warehouse in Rotterdam.',
  'Damaged goods may be returned within 30 days of delivery for a full refund. Customers pay no return postage for damaged goods.',
  'Invoices are payable within 45 days of the invoice date. Late payments carry interest of 8 percent per year.',
];

/** Uploads files as the chat's documents (multipart, field "files") with the given session cookie. */
export function uploadChatDocuments(t: TestApp, files: { name: string; content: Buffer | string }[], cookie: string) {
  const boundary = `----sextantchat${Math.random().toString(16).slice(2)}`;
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(f.content) ? f.content : Buffer.from(f.content),
      Buffer.from('\r\n'),
    ]),
  );
  return t.app.inject({
    method: 'POST',
    url: '/chat/documents/upload',
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: {
      origin: TEST_ORIGIN,
      cookie,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
  });
}

/** A PDF whose page i (1-based) holds pages[i-1] (lines wrapped at about 90 characters). */
export async function makePdf(pages: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([595, 842]);
    let y = 800;
    for (const para of text.split('\n')) {
      const words = para.split(' ');
      let line = '';
      const flush = () => {
        page.drawText(line, { x: 50, y, size: 11, font });
        y -= 15;
        line = '';
      };
      for (const w of words) {
        if ((line + ' ' + w).length > 90) flush();
        line = line ? `${line} ${w}` : w;
      }
      if (line) flush();
      y -= 10;
    }
  }
  return Buffer.from(await doc.save());
}

/** A DOCX whose pages (separated by explicit page breaks) hold the given paragraphs. */
export async function makeDocx(pages: string[][]): Promise<Buffer> {
  const children: Paragraph[] = [];
  pages.forEach((paras, i) => {
    paras.forEach((p, j) => {
      const runs = [new TextRun(p)];
      children.push(new Paragraph({ children: i > 0 && j === 0 ? [new PageBreak(), ...runs] : runs }));
    });
  });
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}
