/**
 * PDF rendering of the printable reports (SPEC §2 printable frame): server-side Chromium (playwright-core driving
 * Debian's chromium) opens /jobs/:jobId/printable/:type/... on this very server, signed in with the caller's own
 * session cookie (never a minted one, so the page shows exactly what the caller may see), waits until the page
 * marks itself `[data-print-ready="true"]` and prints it to A4.
 *
 * One browser per process, launched on first use and closed with the app; at most `maxConcurrent` pages render at
 * once, at most `maxQueued` more wait in a FIFO queue, and any request beyond that answers 429 at once (a burst of
 * downloads cannot pile up unbounded work). Each render has its own browser context (cookies do not leak between
 * callers).
 *
 * Chromium keeps its sandbox where the machine allows it: it is launched sandboxed, and only when that cannot work
 * (running as root, where Chromium refuses its sandbox, or the sandbox fails to start, e.g. no user namespaces in a
 * container) with --no-sandbox; the log says which.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { escapeHtml } from '@sextant/shared/values';
import { AppError, rateLimited } from '../../lib/errors.ts';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_MISSING = 'PDF rendering needs Chromium (apt-get install chromium)';

export interface RenderRequest {
  /** Absolute URL of the printable page (on this server's loopback address). */
  url: string;
  /** The caller's cookies to set for the page's origin (name → value). */
  cookies: Record<string, string>;
  /** Printed in every page's header. */
  title: string;
}

export interface PdfRendererOptions {
  /** The Chromium binary (default /usr/bin/chromium; the app passes CHROMIUM_PATH). */
  executablePath?: string;
  /** Renders at once (default 2; the app passes PDF_MAX_CONCURRENT). */
  maxConcurrent?: number;
  /** Renders waiting for a slot before requests answer 429 (default 8; the app passes PDF_MAX_QUEUED). */
  maxQueued?: number;
  /** The longest one render may take (default 45 s; the app passes PDF_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Where to say how Chromium was launched. */
  log?: { info(msg: string): void; warn(msg: string): void };
}

export type SandboxMode = 'sandbox' | 'no-sandbox';

/** Cookies of a Cookie header to forward to the printable page (only the names asked for). */
export function forwardedCookies(header: string | undefined, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (names.includes(name)) out[name] = part.slice(eq + 1).trim();
  }
  return out;
}

/** http://127.0.0.1:<port> of the server's own listening socket (the configured port when not listening). */
export function loopbackOrigin(address: string | AddressInfo | null, fallbackPort: number): string {
  const port = address && typeof address === 'object' ? address.port : fallbackPort;
  return `http://127.0.0.1:${port}`;
}

export class PdfRenderer {
  private readonly configuredPath: string | undefined;
  readonly maxConcurrent: number;
  readonly maxQueued: number;
  readonly timeoutMs: number;
  private readonly log: NonNullable<PdfRendererOptions['log']>;
  /** How the running browser was launched (null before the first launch). */
  sandbox: SandboxMode | null = null;
  private browser: Promise<Browser> | null = null;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;

  constructor(options: PdfRendererOptions = {}) {
    this.configuredPath = options.executablePath;
    this.maxConcurrent = Math.max(1, options.maxConcurrent ?? 2);
    this.maxQueued = options.maxQueued ?? 8;
    this.timeoutMs = options.timeoutMs ?? 45_000;
    this.log = options.log ?? { info: () => {}, warn: () => {} };
  }

  /** The option, else the default (its presence is checked at each use, so an installation after start is picked up). */
  get executablePath(): string {
    return this.configuredPath ?? DEFAULT_CHROMIUM_PATH;
  }

  get available(): boolean {
    return existsSync(this.executablePath);
  }

  /** Renders now running and waiting (for tests and monitoring). */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private async slot(): Promise<() => void> {
    if (this.active >= this.maxConcurrent) {
      if (this.waiting.length >= this.maxQueued)
        throw rateLimited(
          `Too many PDFs are being prepared (${this.active} rendering, ${this.waiting.length} waiting). Try again in a minute.`,
        );
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.active--;
      this.waiting.shift()?.();
    };
  }

  /** Runs `fn` when a render slot is free (at most maxConcurrent at once). */
  async withSlot<T>(fn: () => Promise<T>): Promise<T> {
    const release = await this.slot();
    try {
      return await fn();
    } finally {
      release();
    }
  }

  private launch(): Promise<Browser> {
    if (this.closed) throw new AppError(503, 'InternalError', 'The server is shutting down');
    if (!this.available) throw new AppError(503, 'InternalError', CHROMIUM_MISSING);
    this.browser ??= this.launchChromium()
      .then((b) => {
        b.on('disconnected', () => {
          this.browser = null;
        });
        return b;
      })
      .catch((e: unknown) => {
        this.browser = null;
        throw new AppError(503, 'InternalError', `${CHROMIUM_MISSING}: ${(e as Error).message.split('\n')[0]}`);
      });
    return this.browser;
  }

  /** Sandboxed when possible; --no-sandbox as root (Chromium refuses its sandbox there) or when it cannot start. */
  private async launchChromium(): Promise<Browser> {
    const { chromium } = await import('playwright-core');
    const launch = (sandbox: boolean) =>
      chromium.launch({
        executablePath: this.executablePath,
        chromiumSandbox: sandbox,
        args: ['--disable-dev-shm-usage'],
      });
    if (process.getuid?.() === 0) {
      const b = await launch(false);
      this.sandbox = 'no-sandbox';
      this.log.warn('PDF rendering: Chromium runs without its sandbox (the server runs as root)');
      return b;
    }
    try {
      const b = await launch(true);
      this.sandbox = 'sandbox';
      this.log.info('PDF rendering: Chromium runs sandboxed');
      return b;
    } catch (e) {
      const b = await launch(false);
      this.sandbox = 'no-sandbox';
      this.log.warn(
        `PDF rendering: Chromium runs without its sandbox (it could not start: ${(e as Error).message.split('\n')[0]})`,
      );
      return b;
    }
  }

  async render(req: RenderRequest): Promise<Buffer> {
    if (!this.available) throw new AppError(503, 'InternalError', CHROMIUM_MISSING);
    return this.withSlot(async () => {
      const browser = await this.launch();
      const url = new URL(req.url);
      const context = await browser.newContext({ viewport: { width: 1100, height: 1400 } });
      try {
        await context.addCookies(
          Object.entries(req.cookies).map(([name, value]) => ({
            name,
            value,
            domain: url.hostname,
            path: '/',
            httpOnly: true,
            sameSite: 'Lax' as const,
          })),
        );
        const page = await context.newPage();
        await page.emulateMedia({ media: 'print' });
        await page.goto(req.url, { waitUntil: 'domcontentloaded', timeout: this.timeoutMs });
        try {
          await page.waitForSelector('[data-print-ready="true"], [data-print-error]', {
            state: 'attached',
            timeout: this.timeoutMs,
          });
        } catch {
          throw new AppError(
            504,
            'InternalError',
            `The report did not finish rendering within ${Math.round(this.timeoutMs / 1000)} s`,
          );
        }
        const failed = await page.$('[data-print-error]');
        if (failed) {
          const text = ((await failed.getAttribute('data-print-error')) || (await failed.innerText())).trim();
          throw new AppError(502, 'InternalError', `The report page failed: ${text.slice(0, 300)}`);
        }
        const title = escapeHtml(req.title);
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          displayHeaderFooter: true,
          margin: { top: '18mm', bottom: '16mm', left: '12mm', right: '12mm' },
          headerTemplate: `<div style="font-size:8px;width:100%;padding:0 12mm;color:#555;font-family:sans-serif;display:flex;justify-content:space-between"><span>${title}</span><span class="date"></span></div>`,
          footerTemplate: `<div style="font-size:8px;width:100%;padding:0 12mm;color:#555;font-family:sans-serif;text-align:right">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>`,
        });
      } finally {
        await context.close().catch(() => {});
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const b = this.browser;
    this.browser = null;
    if (b) await (await b.catch(() => null))?.close();
  }
}
