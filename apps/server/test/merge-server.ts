/**
 * A local server speaking Merge.dev's protocol for the Merge connection tests (never the real Merge): link tokens
 * (and magic link URLs), the public-token exchange, linked accounts by end user, and the accounting lists (contacts,
 * invoices, payments) with Merge's cursor pagination ({next, previous, results}, `cursor` query parameter). Every
 * call must carry the API key; accounting calls also the account token the exchange handed out. The data can be
 * replaced per test (`data`), and every request is recorded (`requests`).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export const MERGE_TEST_KEY = 'merge-test-api-key';
export const MERGE_ACCOUNT_TOKEN = 'merge-account-token-0123456789';
export const MERGE_PUBLIC_TOKEN = 'merge-public-token-0123456789';

type Row = Record<string, unknown>;

export function defaultMergeData(): { contacts: Row[]; invoices: Row[]; payments: Row[] } {
  const address = (street: string, city: string, zip: string, country: string) => ({
    type: 'BILLING',
    street_1: street,
    street_2: null,
    city,
    state: null,
    country_subdivision: null,
    country,
    zip_code: zip,
  });
  const contacts = [
    {
      id: 'c-1',
      remote_id: 'V100',
      name: 'Acme Office Supplies Ltd',
      is_supplier: true,
      tax_number: 'GB123456789',
      currency: 'GBP',
      addresses: [address('1 High Street', 'London', 'EC1A 1BB', 'GB')],
    },
    {
      id: 'c-2',
      remote_id: 'V200',
      name: 'Beta Logistics GmbH',
      is_supplier: true,
      tax_number: null,
      currency: 'EUR',
      addresses: [address('Hauptstraße 5', 'Berlin', '10115', 'DE')],
    },
    {
      id: 'c-3',
      remote_id: 'V300',
      name: 'Cascade Catering Services',
      is_supplier: true,
      currency: 'GBP',
      addresses: [],
    },
    {
      id: 'c-4',
      remote_id: 'V400',
      name: 'Delta Plumbing & Heating',
      is_supplier: true,
      currency: 'GBP',
      addresses: [address('9 Mill Lane', 'Leeds', 'LS1 4AP', 'GB')],
    },
    {
      id: 'c-5',
      remote_id: 'V500',
      name: 'Gone Supplier Ltd',
      is_supplier: true,
      currency: 'GBP',
      remote_was_deleted: true,
    },
  ];
  const invoices = [
    {
      id: 'i-1',
      remote_id: 'R1',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-1',
      number: 'INV-1001',
      issue_date: '2026-01-15T00:00:00Z',
      due_date: '2026-02-14T00:00:00Z',
      currency: 'GBP',
      total_amount: 1200.5,
    },
    {
      id: 'i-2',
      remote_id: 'R2',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-1',
      number: 'INV-1002',
      issue_date: '2026-02-15T00:00:00Z',
      due_date: '2026-03-16T00:00:00Z',
      currency: 'GBP',
      total_amount: 800,
    },
    {
      id: 'i-3',
      remote_id: 'R3',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-2',
      number: 'B-77',
      issue_date: '2026-01-20T00:00:00Z',
      due_date: null,
      currency: 'EUR',
      total_amount: 5400,
    },
    {
      id: 'i-4',
      remote_id: 'R4',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-3',
      number: 'CC-9',
      issue_date: '2026-03-01T00:00:00Z',
      due_date: '2026-03-31T00:00:00Z',
      currency: 'GBP',
      total_amount: '310.25',
    },
    {
      id: 'i-5',
      remote_id: 'R5',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-4',
      number: 'DP-1',
      issue_date: '2026-03-05T00:00:00Z',
      due_date: '2026-04-04T00:00:00Z',
      currency: 'GBP',
      total_amount: 99.99,
    },
  ];
  const payments = [
    {
      id: 'p-1',
      remote_id: 'PAY-1',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-1',
      transaction_date: '2026-02-10T00:00:00Z',
      currency: 'GBP',
      total_amount: 1200.5,
    },
    {
      id: 'p-2',
      remote_id: 'PAY-2',
      type: 'ACCOUNTS_PAYABLE',
      contact: 'c-2',
      transaction_date: '2026-02-18T00:00:00Z',
      currency: 'EUR',
      total_amount: 5400,
    },
    {
      id: 'p-3',
      remote_id: 'PAY-3',
      type: 'ACCOUNTS_RECEIVABLE',
      contact: 'customer-1',
      transaction_date: '2026-02-18T00:00:00Z',
      currency: 'GBP',
      total_amount: 70,
    },
  ];
  return { contacts, invoices, payments };
}

export interface MergeTestServer {
  url: string;
  data: ReturnType<typeof defaultMergeData>;
  /** Linked accounts Merge reports per end_user_origin_id. */
  linked: Map<string, Row>;
  requests: { method: string; path: string; body: Row | null; accountToken: string | null }[];
  pageSize: number;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Row | null> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Row) : null;
}

export async function startMergeServer(): Promise<MergeTestServer> {
  const state: Omit<MergeTestServer, 'url' | 'close'> = {
    data: defaultMergeData(),
    linked: new Map(),
    requests: [],
    pageSize: 2,
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://merge.test');
    const body = await bodyOf(req);
    const accountToken = (req.headers['x-account-token'] as string | undefined) ?? null;
    state.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search, body, accountToken });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    if (req.headers.authorization !== `Bearer ${MERGE_TEST_KEY}`) return send(401, { detail: 'Invalid API key' });
    const page = (rows: Row[]) => {
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const end = start + state.pageSize;
      return send(200, {
        next: end < rows.length ? String(end) : null,
        previous: start > 0 ? String(Math.max(0, start - state.pageSize)) : null,
        results: rows.slice(start, end),
      });
    };
    const p = url.pathname;
    if (req.method === 'POST' && p === '/api/integrations/create-link-token') {
      const b = body ?? {};
      if (!b.end_user_origin_id || !b.end_user_organization_name || !b.end_user_email_address)
        return send(400, {
          detail: 'end_user_origin_id, end_user_organization_name and end_user_email_address are required',
        });
      return send(200, {
        link_token: `link-token-${String(b.end_user_origin_id)}`,
        integration_name: null,
        ...(b.should_create_magic_link_url
          ? { magic_link_url: `https://link.merge.test/${String(b.end_user_origin_id)}` }
          : {}),
      });
    }
    if (req.method === 'GET' && p.startsWith('/api/integrations/account-token/')) {
      const token = decodeURIComponent(p.slice('/api/integrations/account-token/'.length));
      if (token !== MERGE_PUBLIC_TOKEN) return send(404, { detail: 'Public token not found' });
      return send(200, { account_token: MERGE_ACCOUNT_TOKEN, integration: { name: 'Xero', slug: 'xero' } });
    }
    if (req.method === 'GET' && p === '/api/integrations/linked-accounts') {
      const origin = url.searchParams.get('end_user_origin_id');
      const rows = origin ? (state.linked.has(origin) ? [state.linked.get(origin)!] : []) : [...state.linked.values()];
      return page(rows);
    }
    if (p.startsWith('/api/accounting/v1/')) {
      if (accountToken !== MERGE_ACCOUNT_TOKEN) return send(401, { detail: 'Invalid account token' });
      const what = p.slice('/api/accounting/v1/'.length);
      if (what === 'contacts')
        return page(
          state.data.contacts.filter((c) => url.searchParams.get('is_supplier') !== 'true' || c.is_supplier === true),
        );
      if (what === 'invoices')
        return page(
          state.data.invoices.filter((i) => !url.searchParams.get('type') || i.type === url.searchParams.get('type')),
        );
      if (what === 'payments') return page(state.data.payments);
    }
    return send(404, { detail: `No route ${req.method} ${p}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const out = state as MergeTestServer;
  out.url = `http://127.0.0.1:${port}`;
  out.close = () => new Promise((resolve) => server.close(() => resolve()));
  return out;
}
