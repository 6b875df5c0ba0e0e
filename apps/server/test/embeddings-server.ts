/**
 * A local server speaking the OpenAI embeddings protocol (`POST …/v1/embeddings`) for the chat tests and benchmark.
 * Its vectors are deterministic "concepts": each word is lower-cased, its plural s dropped, mapped through a small
 * synonym table (so "broken merchandise" and "damaged goods" share concepts) and hashed into DIMS signed buckets.
 * A paraphrase without a shared word therefore lands near its passage, which full-text search cannot find.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const EMBEDDING_DIMS = 256;

const SYNONYMS: Record<string, string> = {
  broken: 'damaged',
  faulty: 'damaged',
  merchandise: 'goods',
  item: 'goods',
  product: 'goods',
  money: 'refund',
  reimbursement: 'refund',
  reimbursed: 'refund',
  repaid: 'refund',
  sent: 'returned',
  send: 'returned',
  plane: 'flight',
  air: 'flight',
  journey: 'trip',
  brief: 'shorter',
  short: 'shorter',
  seat: 'class',
  cabin: 'class',
  bill: 'invoice',
  overdue: 'late',
  tardy: 'late',
  settlement: 'payment',
  fee: 'interest',
  surcharge: 'interest',
};
const STOP = new Set(
  'a an the of to in on for and or is are be can i my me we our you your it its do does what which how when with within may must'.split(
    ' ',
  ),
);

function fnv(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The concept vector of a text (not normalised; the client scales it). */
export function conceptVector(text: string, dims = EMBEDDING_DIMS): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const raw of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (STOP.has(raw)) continue;
    const word = raw.length > 3 && raw.endsWith('s') && !raw.endsWith('ss') ? raw.slice(0, -1) : raw;
    const concept = SYNONYMS[word] ?? word;
    const h = fnv(concept);
    v[h % dims]! += h & 0x80000000 ? -1 : 1;
  }
  return v;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c: Buffer) => (s += c.toString()));
    req.on('end', () => resolve(s));
  });

export interface EmbeddingsServer {
  /** Every request: model, inputs, authorization header. */
  requests: { model: string; input: string[]; authorization: string | undefined }[];
  /** The next n requests answer 503. */
  fail(n: number): void;
  /** Answer every request after this many ms. */
  delayMs: number;
  /** Every request answers 503 while true. */
  down: boolean;
  start(): Promise<string>;
  stop(): Promise<void>;
}

export function embeddingsServer(): EmbeddingsServer {
  let failures = 0;
  const state: EmbeddingsServer = {
    requests: [],
    fail: (n) => (failures = n),
    delayMs: 0,
    down: false,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`)),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (req, res) => {
    const text = await body(req);
    if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const parsed = JSON.parse(text) as { model: string; input: string | string[] };
    const input = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
    state.requests.push({ model: parsed.model, input, authorization: req.headers.authorization });
    if (state.down || failures > 0) {
      failures = Math.max(0, failures - 1);
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        object: 'list',
        model: parsed.model,
        // answered out of order on purpose: clients must place vectors by their index
        data: input.map((t, index) => ({ object: 'embedding', index, embedding: conceptVector(t) })).reverse(),
        usage: { prompt_tokens: input.join(' ').length, total_tokens: input.join(' ').length },
      }),
    );
  });
  return state;
}
