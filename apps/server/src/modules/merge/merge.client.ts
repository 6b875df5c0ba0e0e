/**
 * Merge.dev's HTTP API as the product uses it (docs.merge.dev): link tokens (Merge Link, Magic Link), the exchange of
 * Link's public token for the linked account's account token, the linked accounts of an end user, and the accounting
 * data of a linked account (contacts, invoices, payments) read page by page through Merge's cursor
 * ({next, previous, results}). Every call carries the API key (Bearer); accounting calls also X-Account-Token.
 * A refusal or an unreachable Merge becomes a 502 naming the call and Merge's answer, never a silent empty import.
 */
import { ERROR_CODES } from '@sextant/shared';
import type { AppConfig } from '../../config.ts';
import { AppError, conflict } from '../../lib/errors.ts';

interface MergeAddress {
  type?: string | null;
  street_1?: string | null;
  street_2?: string | null;
  city?: string | null;
  state?: string | null;
  country_subdivision?: string | null;
  country?: string | null;
  zip_code?: string | null;
}

export interface MergeContact {
  id: string;
  remote_id?: string | null;
  name?: string | null;
  is_supplier?: boolean | null;
  tax_number?: string | null;
  currency?: string | null;
  addresses?: MergeAddress[] | null;
  remote_was_deleted?: boolean;
}

export interface MergeInvoice {
  id: string;
  remote_id?: string | null;
  type?: string | null;
  contact?: string | null;
  number?: string | null;
  issue_date?: string | null;
  due_date?: string | null;
  currency?: string | null;
  total_amount?: number | string | null;
  status?: string | null;
  remote_was_deleted?: boolean;
}

export interface MergePayment {
  id: string;
  remote_id?: string | null;
  type?: string | null;
  contact?: string | null;
  transaction_date?: string | null;
  currency?: string | null;
  total_amount?: number | string | null;
  remote_was_deleted?: boolean;
}

interface MergeLinkedAccount {
  id: string;
  integration?: string | { name?: string } | null;
  status?: string | null;
  end_user_origin_id?: string | null;
  category?: string | null;
}

/** The most pages one list may take (100 records each): 2,000 pages = 200,000 records. */
const MAX_PAGES = 2000;

export function mergeConfigured(config: AppConfig): boolean {
  return Boolean(config.MERGE_API_KEY);
}

function base(config: AppConfig): string {
  if (!config.MERGE_API_KEY)
    throw conflict('Merge is not configured on this server (MERGE_API_KEY is not set); ask your administrator');
  return config.MERGE_API_URL.replace(/\/+$/, '');
}

async function call<T>(
  config: AppConfig,
  what: string,
  url: string,
  init: { method?: string; body?: unknown; accountToken?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${config.MERGE_API_KEY}`,
    accept: 'application/json',
  };
  if (init.accountToken) headers['x-account-token'] = init.accountToken;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(config.MERGE_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const reason =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${config.MERGE_TIMEOUT_MS} ms`
        : String((err as Error).message ?? err);
    throw new AppError(502, ERROR_CODES.upstream, `Merge could not be reached to ${what}: ${reason}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let detail = text.slice(0, 300);
    try {
      const j = JSON.parse(text) as { detail?: string; errors?: { title?: string; detail?: string }[] };
      detail = j.detail ?? j.errors?.map((e) => e.detail ?? e.title).join('; ') ?? detail;
    } catch {
      /* not JSON: keep the text */
    }
    throw new AppError(
      502,
      ERROR_CODES.upstream,
      `Merge refused to ${what} (HTTP ${res.status}${detail ? `: ${detail}` : ''})`,
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new AppError(502, ERROR_CODES.upstream, `Merge's answer to ${what} is not JSON`);
  }
}

interface LinkTokenRequest {
  endUserOriginId: string;
  organizationName: string;
  email: string;
  magicLink?: boolean;
}

/** POST /api/integrations/create-link-token (categories: accounting). */
export async function createLinkToken(
  config: AppConfig,
  r: LinkTokenRequest,
): Promise<{ link_token: string; magic_link_url?: string | null }> {
  const out = await call<{ link_token?: string; magic_link_url?: string | null }>(
    config,
    'create a link token',
    `${base(config)}/api/integrations/create-link-token`,
    {
      method: 'POST',
      body: {
        end_user_origin_id: r.endUserOriginId,
        end_user_organization_name: r.organizationName,
        end_user_email_address: r.email,
        categories: ['accounting'],
        ...(r.magicLink ? { should_create_magic_link_url: true, link_expiry_mins: 10080 } : {}),
      },
    },
  );
  if (!out.link_token) throw new AppError(502, ERROR_CODES.upstream, 'Merge answered without a link token');
  if (r.magicLink && !out.magic_link_url)
    throw new AppError(502, ERROR_CODES.upstream, 'Merge answered without a magic link URL');
  return { link_token: out.link_token, magic_link_url: out.magic_link_url ?? null };
}

/** GET /api/integrations/account-token/{public_token}. */
export async function exchangePublicToken(
  config: AppConfig,
  publicToken: string,
): Promise<{ accountToken: string; integration: string | null }> {
  const out = await call<{ account_token?: string; integration?: { name?: string; slug?: string } | string | null }>(
    config,
    'exchange the public token of Merge Link',
    `${base(config)}/api/integrations/account-token/${encodeURIComponent(publicToken)}`,
  );
  if (!out.account_token) throw new AppError(502, ERROR_CODES.upstream, 'Merge answered without an account token');
  return { accountToken: out.account_token, integration: integrationName(out.integration) };
}

export function integrationName(i: string | { name?: string; slug?: string } | null | undefined): string | null {
  if (!i) return null;
  if (typeof i === 'string') return i;
  return i.name ?? i.slug ?? null;
}

/** GET /api/integrations/linked-accounts?end_user_origin_id=… (every page). */
export async function linkedAccounts(config: AppConfig, endUserOriginId: string): Promise<MergeLinkedAccount[]> {
  return listAll<MergeLinkedAccount>(
    config,
    'list its linked accounts',
    `${base(config)}/api/integrations/linked-accounts?end_user_origin_id=${encodeURIComponent(endUserOriginId)}&category=accounting`,
  );
}

async function listAll<T>(config: AppConfig, what: string, first: string, accountToken?: string): Promise<T[]> {
  const out: T[] = [];
  let url: string | null = first;
  for (let page = 0; url; page++) {
    if (page >= MAX_PAGES)
      throw new AppError(502, ERROR_CODES.upstream, `Merge returned more than ${MAX_PAGES} pages to ${what}`);
    const body: { next?: string | null; results?: T[] } = await call(config, what, url, { accountToken });
    if (!Array.isArray(body.results))
      throw new AppError(502, ERROR_CODES.upstream, `Merge's answer to ${what} has no results list`);
    out.push(...body.results);
    // `next` is a cursor (Merge's pagination), appended to the first URL.
    url = body.next ? `${first}${first.includes('?') ? '&' : '?'}cursor=${encodeURIComponent(body.next)}` : null;
  }
  return out;
}

/** The accounting data a job needs: supplier contacts, accounts-payable invoices, payments. */
export async function accountingData(config: AppConfig, accountToken: string) {
  const v1 = `${base(config)}/api/accounting/v1`;
  const [contacts, invoices, payments] = await Promise.all([
    listAll<MergeContact>(
      config,
      'list the supplier contacts',
      `${v1}/contacts?is_supplier=true&page_size=100`,
      accountToken,
    ),
    listAll<MergeInvoice>(
      config,
      'list the accounts-payable invoices',
      `${v1}/invoices?type=ACCOUNTS_PAYABLE&page_size=100`,
      accountToken,
    ),
    listAll<MergePayment>(config, 'list the payments', `${v1}/payments?page_size=100`, accountToken),
  ]);
  return { contacts, invoices, payments };
}

/** The integration check: Merge answers the API key (one linked account asked for). */
export async function verifyMerge(config: AppConfig): Promise<string> {
  const body = await call<{ results?: unknown[] }>(
    config,
    'list linked accounts (API key check)',
    `${base(config)}/api/integrations/linked-accounts?page_size=1`,
  );
  return `Merge answered at ${config.MERGE_API_URL} (${Array.isArray(body.results) ? 'API key accepted' : 'unexpected answer'})`;
}
