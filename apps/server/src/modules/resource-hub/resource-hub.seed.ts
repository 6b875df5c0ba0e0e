/**
 * Demo resources for a new demo installation: a few PDF guides generated at first start (pdf-lib; no binary is
 * kept in the repository), one limited to one issuer, in English and German. Skipped when any resource exists.
 */
import type { TResourceCategory } from '@sextant/shared';
import type { AppContext } from '../../context.ts';
import { countResources, insertResource, replaceResourceIssuers, updateResource } from './resource-hub.repo.ts';
import { resourceFolder } from './resource-hub.files.ts';
import { findUserByUsername } from '../users/index.ts';
import { issuerKeys } from '../issuers/index.ts';

interface DemoDoc {
  title: string;
  description: string;
  category: TResourceCategory;
  language: string;
  issuerKey?: string;
  sections: { heading: string; body: string }[];
}

const DOCS: DemoDoc[] = [
  {
    title: 'Getting started with Sextant',
    description: 'Create a job, upload supplier data, read the summary and the supplier scores — in ten minutes.',
    category: 'GettingStarted',
    language: 'en',
    sections: [
      {
        heading: '1. Create a job',
        body: 'Choose New Job, pick the issuer and the buyer, and the kind of upload: a supplier summary, matched data only, or the consultant upload of invoices and payments.',
      },
      {
        heading: '2. Upload and map',
        body: 'Upload CSV or XLSX files. Columns are recognised from their headers; check the mapping, fix what is wrong and start the analysis.',
      },
      {
        heading: '3. Read the results',
        body: 'The Summary shows spend, matched share and card-capable spend. Insights slice the suppliers by country, industry and payment terms; Suppliers lists every score with the rule that produced it.',
      },
    ],
  },
  {
    title: 'Reading supplier scores and confidence',
    description: 'What High, Medium and Low mean for each capability, and how confidence is decided.',
    category: 'Analysis',
    language: 'en',
    sections: [
      {
        heading: 'Score levels',
        body: 'Each supplier gets a level per capability (STP, Virtual Card, PCard, T&E, SCF, Instant Pay, Boost, Optima) from the active scoring ruleset. None means the capability does not apply.',
      },
      {
        heading: 'Confidence',
        body: 'Confidence says how sure the level is: a High-confidence match with a card acceptor is stronger evidence than a prediction for an unmatched supplier.',
      },
      {
        heading: 'Predictions',
        body: "For unmatched suppliers an acceptance model trained on the job's matched suppliers predicts Low, Medium or High acceptance. Its quality is monitored in analysis admin.",
      },
    ],
  },
  {
    title: 'Leitfaden: Lieferantenkampagnen',
    description: 'Wie Sie aus einem Anwendungsfall eine Kampagne zur Kartenakzeptanz machen.',
    category: 'Campaigns',
    language: 'de',
    issuerKey: 'meridian',
    sections: [
      {
        heading: 'Anwendungsfall wählen',
        body: 'Beginnen Sie mit den Lieferanten, die bereits Karten akzeptieren, aber noch per Überweisung bezahlt werden.',
      },
      {
        heading: 'Kampagne planen',
        body: 'Legen Sie Wellen an, wählen Sie die Route (Käufer, Emittent, virtuelles Lockbox) und verfolgen Sie jeden Lieferanten bis zum Ergebnis.',
      },
    ],
  },
];

/** A small A4 PDF with a title, a subtitle and sections of wrapped text. */
export async function makeGuidePdf(doc: Pick<DemoDoc, 'title' | 'description' | 'sections'>): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib'); // loaded on first use
  const pdf = await PDFDocument.create();
  pdf.setTitle(doc.title);
  pdf.setCreator('Sextant');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([595, 842]);
  let y = 780;
  const width = 595 - 2 * 60;
  const line = (text: string, font = regular, size = 11, color = rgb(0.15, 0.17, 0.2)) => {
    const words = text.split(/\s+/);
    let current = '';
    const flush = () => {
      if (y < 70) {
        page = pdf.addPage([595, 842]);
        y = 780;
      }
      page.drawText(current, { x: 60, y, size, font, color });
      y -= size * 1.45;
      current = '';
    };
    for (const w of words) {
      const next = current ? `${current} ${w}` : w;
      if (font.widthOfTextAtSize(next, size) > width && current) {
        flush();
        current = w;
      } else current = next;
    }
    if (current) flush();
  };
  page.drawRectangle({ x: 0, y: 812, width: 595, height: 30, color: rgb(0.09, 0.27, 0.55) });
  line(doc.title, bold, 20, rgb(0.09, 0.27, 0.55));
  y -= 4;
  line(doc.description, regular, 12, rgb(0.35, 0.38, 0.42));
  y -= 10;
  for (const s of doc.sections) {
    line(s.heading, bold, 13);
    line(s.body);
    y -= 8;
  }
  return pdf.save();
}

export async function seedDemoResources(ctx: AppContext): Promise<number> {
  if ((await countResources(ctx.db)) > 0) return 0;
  const admin = await findUserByUsername(ctx.db, 'sysAdmin');
  const issuerRows = await issuerKeys(ctx.db);
  let created = 0;
  for (const d of DOCS) {
    const issuerId = d.issuerKey ? issuerRows.find((i) => i.key === d.issuerKey)?.id : undefined;
    if (d.issuerKey && !issuerId) continue;
    const bytes = await makeGuidePdf(d);
    await ctx.db.transaction(async (tx) => {
      const id = await insertResource(tx, {
        title: d.title,
        description: d.description,
        category: d.category,
        language: d.language,
        mediaKind: 'document',
        source: 'upload',
        visibility: issuerId ? 'Issuers' : 'All',
        createdBy: admin?.id ?? null,
      });
      await replaceResourceIssuers(tx, id, issuerId ? [issuerId] : []);
      const rel = `${resourceFolder(id)}/content-demo.pdf`;
      await ctx.blobs.put(rel, bytes);
      await updateResource(tx, id, {
        filePath: rel,
        fileName: `${d.title.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        fileUploadedAt: new Date(),
      });
    });
    created++;
  }
  return created;
}
