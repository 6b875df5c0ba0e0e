/**
 * `npm run bench -- chat [pages=1000] [questions=200] [pglite|postgres] [both|fulltext|vectors]`: the chat assistant
 * at scale. Indexing throughput: PDFs of 100 pages each (generated, several paragraphs a page) read in the parser
 * worker, split and stored with their tsvectors (pages/s, measured through the chat.index command's function).
 * Answer latency without a model: questions over HTTP against the indexed pages (p50/p95/p99; target p95 ≤ 300 ms
 * on 1,000 pages). `vectors` runs the same with an embedding endpoint: a local server speaking the OpenAI embeddings
 * protocol (test/embeddings-server.ts, 256 dimensions, answering at once), so the figures are this process's cost
 * of embedding, storing and fusing (plus loopback HTTP), not a real model's latency.
 *
 * Setup (not measured): the app on PGlite (or TEST_DATABASE_URL's PostgreSQL with `postgres` as 3rd argument).
 * Each line also reports the load average (/proc/loadavg) at the time of the measurement.
 */
import { eq } from 'drizzle-orm';
import { chatDocuments } from '@sextant/db';
import { loadavg } from 'node:os';
import { createTestApp } from '../test/harness.ts';
import { embeddingsServer } from '../test/embeddings-server.ts';
import { makePdf } from '../test/chat-fixtures.ts';
import { addDocument } from '../src/modules/chat/documents.service.ts';
import { indexDocument } from '../src/modules/chat/chat.commands.ts';

const PAGES = Number(process.argv[2] ?? 1000);
const QUESTIONS = Number(process.argv[3] ?? 200);
const KIND = process.argv[4] === 'postgres' ? 'postgres' : 'pglite';
const MODES = (
  process.argv[5] === 'fulltext' || process.argv[5] === 'vectors' ? [process.argv[5]] : ['fulltext', 'vectors']
) as ('fulltext' | 'vectors')[];
const PAGES_PER_DOC = 100;
const TARGET_P95_MS = 300;

const emit = (mode: string, measurement: string, values: Record<string, unknown>) =>
  console.log(
    JSON.stringify({
      suite: 'chat',
      db: KIND,
      retrieval: mode,
      pages: PAGES,
      measurement,
      ...values,
      loadavg: loadavg().map((l) => Math.round(l * 100) / 100),
    }),
  );

// deterministic text: a vocabulary of domain words and rare words, so questions select few passages
let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
const NOUNS = (
  'supplier invoice payment card rebate policy contract warehouse order refund tax currency merchant buyer campaign ' +
  'report budget approval account ledger shipment customer employee manager auditor vendor bank transfer receipt ' +
  'statement discount penalty deadline schedule quota forecast inventory freight carrier pallet container invoice ' +
  'terminal gateway settlement chargeback dispute mandate registry catalogue tender bid lease asset liability ' +
  'dividend pension salary bonus travel hotel flight mileage expense'
).split(' ');
const VERBS = (
  'requires includes covers excludes approves rejects records reviews settles schedules validates archives ' +
  'escalates reconciles forecasts audits delivers cancels renews extends'
).split(' ');
const ADJ = (
  'quarterly annual virtual late strategic domestic foreign small large urgent overdue recurring seasonal ' +
  'regional preferred blocked pending certified external internal'
).split(' ');
const RARE = Array.from({ length: 3000 }, (_, i) => `term${i.toString(36)}x`);
function sentence(): string {
  const s = `The ${pick(ADJ)} ${pick(NOUNS)} ${pick(VERBS)} the ${pick(ADJ)} ${pick(NOUNS)} for ${pick(RARE)} within ${1 + Math.floor(rnd() * 90)} days.`;
  return s[0]!.toUpperCase() + s.slice(1);
}
const page = () => Array.from({ length: 4 }, () => Array.from({ length: 5 }, sentence).join(' ')).join('\n');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 10) / 10;
};

async function run(mode: 'fulltext' | 'vectors') {
  seed = 42;
  const emb = mode === 'vectors' ? embeddingsServer() : null;
  const base = emb ? await emb.start() : null;
  const t = await createTestApp(KIND, {
    CHAT_RATE_PER_MINUTE: '100000',
    CHAT_UPLOAD_MAX_MB: '100',
    ...(base ? { EMBEDDING_BASE_URL: base, EMBEDDING_MODEL: 'bench-concepts' } : {}),
  });
  try {
    const docs = Math.ceil(PAGES / PAGES_PER_DOC);
    const files: { name: string; content: Buffer }[] = [];
    for (let d = 0; d < docs; d++) {
      const n = Math.min(PAGES_PER_DOC, PAGES - d * PAGES_PER_DOC);
      files.push({ name: `bench-${d + 1}.pdf`, content: await makePdf(Array.from({ length: n }, page)) });
    }
    const bytes = files.reduce((a, f) => a + f.content.length, 0);
    const stored = [];
    for (const f of files)
      stored.push(
        await addDocument(t.app.ctx, { filename: f.name, content: f.content }, { userId: null, username: null }),
      );
    const started = performance.now();
    for (const s of stored) {
      const [row] = await t.db.db
        .select({ sha: chatDocuments.sha256 })
        .from(chatDocuments)
        .where(eq(chatDocuments.id, s.id));
      await indexDocument(t.app.ctx, s.id, row!.sha);
    }
    const indexS = (performance.now() - started) / 1000;
    const passages = (await t.db.query<{ n: number }>('select count(*)::int as n from chat_passages'))[0]!.n;
    emit(mode, 'index', {
      documents: docs,
      megabytes: Math.round((bytes / 1048576) * 10) / 10,
      passages,
      seconds: Math.round(indexS * 10) / 10,
      pagesPerSecond: Math.round(PAGES / indexS),
      ...(emb ? { embeddingRequests: emb.requests.length } : {}),
    });

    const cookie = await t.login('issuer');
    const ask = (question: string) => t.call('POST', '/chat/message', { cookie, body: { question } });
    for (let i = 0; i < 5; i++) await ask(`What does the ${pick(ADJ)} ${pick(NOUNS)} require?`); // warm-up
    const times: number[] = [];
    const cpuTimes: number[] = [];
    let answered = 0;
    for (let i = 0; i < QUESTIONS; i++) {
      const q =
        i % 2 === 0
          ? `Which ${pick(NOUNS)} ${pick(VERBS)} the ${pick(ADJ)} ${pick(NOUNS)} for ${pick(RARE)}?`
          : `How many days does the ${pick(ADJ)} ${pick(NOUNS)} have for ${pick(NOUNS)} ${pick(VERBS)}?`;
      const s = performance.now();
      const cpu = process.cpuUsage();
      const res = await ask(q);
      times.push(performance.now() - s);
      const used = process.cpuUsage(cpu);
      cpuTimes.push((used.user + used.system) / 1000);
      if (res.statusCode !== 200) throw new Error(`answer failed: ${res.statusCode} ${res.body}`);
      if ((res.json() as { sources: unknown[] }).sources.length) answered++;
    }
    const p95 = pct(times, 95);
    emit(mode, 'answer', {
      questions: QUESTIONS,
      withSources: answered,
      p50Ms: pct(times, 50),
      p95Ms: p95,
      p99Ms: pct(times, 99),
      // CPU time of this process per answer (with PGlite the database runs in it too): less sensitive to the
      // machine's load than the wall-clock figures above
      cpuP50Ms: pct(cpuTimes, 50),
      cpuP95Ms: pct(cpuTimes, 95),
      targetP95Ms: TARGET_P95_MS,
      pass: p95 <= TARGET_P95_MS,
      peakRssMb: Math.round(process.memoryUsage().rss / 1048576),
    });
  } finally {
    await t.close();
    await emb?.stop();
  }
}

async function main() {
  for (const mode of MODES) await run(mode);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
