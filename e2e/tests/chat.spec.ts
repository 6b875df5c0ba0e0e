/**
 * The chat assistant in the browser: the floating button's health rules, the window's size and input rules
 * (1–1000 characters, whitespace-only not sendable, Enter sends and Shift+Enter does not, disabled while pending),
 * an answer from the built-in user guide with its source, the conversation kept in session storage and cleared by
 * reset, the failure text; the chatbot document page (upload with per-file errors, indexing with a progress bar
 * that moves, re-index, delete, logs) and the AI prompts pages (new version, test box, activate).
 */
import { expect, test, type Page } from '@playwright/test';
import { apiAs, signIn } from './helpers';

const GUIDE = 'Sextant user guide.md';

async function guideIndexed() {
  const admin = await apiAs('sysAdmin');
  await expect
    .poll(
      async () => {
        const docs = (await (await admin.get('/chat/documents')).json()) as { filename: string; status: string }[];
        return docs.find((d) => d.filename === GUIDE)?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('Indexed');
  await admin.dispose();
}

/** A minimal PDF with one line of Helvetica text per page (objects and cross-reference table written out). */
function textPdf(pages: string[]): Buffer {
  const objects: string[] = [];
  /** Adds an object; returns its number (1-based). */
  const add = (body: string) => objects.push(body);
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  const kids: number[] = [];
  for (const text of pages) {
    const escaped = text.replace(/[\\()]/g, (c) => `\\${c}`);
    const stream = `BT /F1 12 Tf 72 720 Td (${escaped}) Tj ET`;
    const content = add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function openChat(page: Page) {
  await page.goto('/jobs');
  const button = page.getByTestId('chat-button');
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('data-state', 'ok');
  await button.click();
  const win = page.getByTestId('chat-window');
  await expect(win).toBeVisible();
  return win;
}

test.describe('chat window', () => {
  test.beforeAll(async () => guideIndexed());

  test('is hidden without Chatbot_VIEW', async ({ page }) => {
    await signIn(page, 'client');
    await page.goto('/jobs');
    await expect(page.getByTestId('navbar')).toBeVisible();
    await expect(page.getByTestId('chat-button')).toHaveCount(0);
  });

  test('is hidden when the health check fails, and red for the error-state permission', async ({ page }) => {
    await page.route('**/chat/health-check', (r) => r.fulfill({ status: 500, body: '{}' }));
    await signIn(page, 'issuer');
    await page.goto('/jobs');
    await expect(page.getByTestId('navbar')).toBeVisible();
    const health = page.waitForResponse('**/chat/health-check');
    await page.reload();
    await health;
    await expect(page.getByTestId('chat-button')).toHaveCount(0);
    await signIn(page, 'developer');
    await page.reload();
    await expect(page.getByTestId('chat-button')).toBeVisible();
    await expect(page.getByTestId('chat-button')).toHaveAttribute('data-state', 'error');
  });

  test('answers from the user guide with its source; input rules; conversation kept and reset', async ({ page }) => {
    const { user } = await signIn(page, 'issuer');
    const win = await openChat(page);
    const box = (await win.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(500);
    expect(box.height).toBeLessThanOrEqual(600);

    const input = page.getByTestId('chat-input');
    const send = page.getByTestId('chat-send');
    await expect(send).toBeDisabled();
    await input.fill('   ');
    await expect(send).toBeDisabled();
    await input.press('Enter');
    await expect(page.getByTestId('chat-exchange')).toHaveCount(0);
    // at most 1000 characters
    await input.fill('x'.repeat(1200));
    await expect(input).toHaveValue('x'.repeat(1000));

    await input.fill('What does STP mean for a supplier?');
    await input.press('Shift+Enter');
    await expect(input).toHaveValue('What does STP mean for a supplier?\n');
    await expect(page.getByTestId('chat-exchange')).toHaveCount(0);

    // hold the answer back to see the pending state
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/chat/message', async (route) => {
      await held;
      await route.continue();
    });
    await input.press('Enter');
    await expect(page.getByTestId('chat-exchange')).toHaveCount(1);
    await expect(page.getByTestId('chat-answer')).toHaveAttribute('data-state', 'pending');
    await expect(input).toBeDisabled();
    await expect(send).toBeDisabled();
    release();
    const answer = page.getByTestId('chat-answer').first();
    await expect(answer).toHaveAttribute('data-state', 'done', { timeout: 20_000 });
    await expect(answer).toContainText('STP means the supplier can take card payments straight through');
    await expect(answer).toContainText('No language model is configured');
    const source = page.getByTestId('chat-source').first();
    await expect(source).toContainText(GUIDE);
    await expect(source).toContainText(/page \d+/);
    await page.unroute('**/chat/message');

    // the source opens the document
    const popup = page.waitForEvent('popup');
    await source.click();
    const opened = await popup;
    await expect.poll(() => opened.url()).toMatch(/\/chat\/documents\/[0-9a-f-]+\/file#page=\d+$/);
    await opened.close();

    const key = `sextant.chat.conversation.${user.id}`;
    const stored = await page.evaluate((k) => sessionStorage.getItem(k), key);
    expect(stored).toMatch(/^[0-9a-f-]{36}$/);
    // the conversation is still there after a reload
    await page.reload();
    await page.getByTestId('chat-button').click();
    await expect(page.getByTestId('chat-question')).toHaveText(['What does STP mean for a supplier?']);
    await page.getByTestId('chat-reset').click();
    await expect(page.getByTestId('chat-exchange')).toHaveCount(0);
    expect(await page.evaluate((k) => sessionStorage.getItem(k), key)).toBeNull();
  });

  test('a failed send replaces the pending answer with the failure text', async ({ page }) => {
    await signIn(page, 'issuer');
    await page.route('**/chat/message', (r) => r.fulfill({ status: 500, body: '{"message":"boom"}' }));
    await openChat(page);
    await page.getByTestId('chat-input').fill('Hello?');
    await page.getByTestId('chat-send').click();
    const answer = page.getByTestId('chat-answer');
    await expect(answer).toHaveText('Something went wrong. Please try again later.');
    await expect(answer).toHaveAttribute('data-state', 'failed');
    await expect(page.getByTestId('chat-input')).toBeEnabled();
  });
});

test.describe('chatbot document management', () => {
  test('uploads several files with per-file errors, indexes, re-indexes, deletes and shows logs', async ({ page }) => {
    await signIn(page, 'sysAdmin');
    await page.goto('/admin/analysis-admin/chatbot-document-management');
    await expect(page.getByTestId('page-header')).toHaveText('Chatbot Document Management');
    await expect(page.locator(`[data-testid="chat-doc-row"][data-filename="${GUIDE}"]`)).toBeVisible();
    await page.getByTestId('chat-doc-input').setInputFiles([
      {
        name: 'e2e-parking.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('Visitors park in zone B near the north entrance. Staff park in zone C.'),
      },
      { name: 'e2e-fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') },
    ]);
    const failures = page.getByTestId('chat-doc-failures');
    await expect(failures).toContainText('e2e-fake.pdf');
    await expect(failures).toContainText('content is not a PDF');
    const row = page.locator('[data-testid="chat-doc-row"][data-filename="e2e-parking.txt"]');
    await expect(row).toHaveAttribute('data-status', 'Indexed', { timeout: 30_000 });
    await expect(page.locator('[data-testid="chat-doc-row"][data-filename="e2e-fake.pdf"]')).toHaveCount(0);

    await row.getByRole('button', { name: 'Re-index e2e-parking.txt' }).click();
    await expect(row).toHaveAttribute('data-status', 'Indexed', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Delete e2e-parking.txt' }).click();
    await page.getByTestId('chat-doc-confirm-delete').click();
    await expect(row).toHaveCount(0);

    // an exchange of this administrator appears in the logs
    const api = await apiAs('sysAdmin');
    const asked = await api.post('/chat/message', { data: { question: 'Where do visitors park?' } });
    expect(asked.ok()).toBeTruthy();
    await api.dispose();
    await page.getByTestId('chat-tab-logs').click();
    await page.getByTestId('chat-log-conversation').first().click();
    await expect(page.getByTestId('chat-log-exchanges')).toContainText('Where do visitors park?');
  });

  test('shows a progress bar per document, with the page being read, while it is indexed', async ({ page }) => {
    // 600 pages are parsed and indexed in the background: the wait for Indexed (120 s) needs a longer test limit.
    test.setTimeout(240_000);
    await signIn(page, 'sysAdmin');
    await page.goto('/admin/analysis-admin/chatbot-document-management');
    // While a document is read, the page shows what the server reports: a bar with the percentage and the page being
    // read. How long that state lasts depends on the machine (sometimes less than the page's 1 s refresh, so a test
    // that waits to catch it fails now and then). The list is therefore answered here with the document half read;
    // that the server reads page by page and its stored progress moves is checked by chat.parse.test.ts and
    // chat.vectors.test.ts.
    const midway = { status: 'Indexing', progress: 42, progress_note: 'Read page 252 of 600' };
    await page.route('**/chat/documents', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const res = await route.fetch();
      const docs = (await res.json()) as { filename: string }[];
      await route.fulfill({
        response: res,
        json: docs.map((d) => (d.filename === 'e2e-handbook.pdf' ? { ...d, ...midway } : d)),
      });
    });
    const pages = Array.from(
      { length: 600 },
      (_, i) => `Page ${i + 1} of the e2e handbook: pallets in bay ${i + 1} are counted every ${(i % 9) + 1} days.`,
    );
    await page
      .getByTestId('chat-doc-input')
      .setInputFiles([{ name: 'e2e-handbook.pdf', mimeType: 'application/pdf', buffer: textPdf(pages) }]);
    const row = page.locator('[data-testid="chat-doc-row"][data-filename="e2e-handbook.pdf"]');
    const bar = row.getByTestId('chat-doc-progress');
    await expect(row).toHaveAttribute('data-status', 'Indexing');
    await expect(bar).toHaveAttribute('aria-valuenow', '42');
    await expect(row.getByTestId('chat-doc-progress-note')).toHaveText('Read page 252 of 600');
    await expect(row).toContainText('42%');
    // the server's own answers again: the document is read to the end and the bar goes
    await page.unroute('**/chat/documents');
    await expect(row).toHaveAttribute('data-status', 'Indexed', { timeout: 120_000 });
    await expect(bar).toHaveCount(0);
    await row.getByRole('button', { name: 'Delete e2e-handbook.pdf' }).click();
    await page.getByTestId('chat-doc-confirm-delete').click();
    await expect(row).toHaveCount(0);
  });

  test('is refused to an issuer', async ({ page }) => {
    await signIn(page, 'issuer');
    await page.goto('/admin/analysis-admin/chatbot-document-management');
    await expect(page).toHaveURL(/\/401$/);
  });
});

test.describe('AI prompts', () => {
  test('creates a version, renders it in the test box and activates it', async ({ page }) => {
    await signIn(page, 'sysAdmin');
    await page.goto('/admin/analysis-admin/ai-prompts');
    await expect(page.getByTestId('prompt-use-chatAnswer')).toBeVisible();
    await expect(page.getByTestId('prompt-use-addressParser')).toBeVisible();
    await page.getByTestId('prompt-new-chatAnswer').click();
    await expect(page).toHaveURL(/\/ai-prompts\/create\?use=chatAnswer/);
    await page.getByTestId('prompt-name').fill('E2E concise');
    // an unknown variable is refused beside the field
    await page.getByTestId('prompt-text-input').fill('Answer {{question}} with {{nonsense}}');
    await page.getByTestId('prompt-save').click();
    await expect(page.getByText(/unknown variable \{\{nonsense\}\}/)).toBeVisible();
    await page.getByTestId('prompt-text-input').fill('Be concise.\n{{passages}}\nQ: {{question}}');
    await page.getByTestId('prompt-var-question').fill('What is VC?');
    await page.getByTestId('prompt-var-passages').fill('[1] guide, page 2');
    await page.getByTestId('prompt-render').click();
    await expect(page.getByTestId('prompt-rendered')).toHaveText('Be concise.\n[1] guide, page 2\nQ: What is VC?');
    await page.getByTestId('prompt-save').click();
    await expect(page).toHaveURL(/\/ai-prompts\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('prompt-text')).toContainText('Be concise.');
    await page.getByTestId('prompt-activate').click();
    await expect(page.getByTestId('prompt-is-active')).toBeVisible();
    await page.goto('/admin/analysis-admin/ai-prompts');
    await expect(page.getByTestId('prompt-use-chatAnswer').getByTestId('prompt-active')).toContainText(
      'Active: version',
    );
  });
});
