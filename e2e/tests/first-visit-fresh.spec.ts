/**
 * Issue #33 item 5, the first visit on a fresh start: a new issuer with a buyer and a new user of each role (the roles
 * of the demo user of that role; the issuer's users as its members, staff as internal users), first with no jobs,
 * then with one job processing (its run queued while the background service is paused) and one failed job (its
 * run's first step canceled). Each user opens every page of their navbar, their profile, and every tab of both jobs
 * that they may open. A page fails the sweep when it shows an error notification, logs a console error, gets an API
 * answer of 400 or more that is not part of its normal flow, still shows a spinner once settled, or is blank.
 *
 * It pauses the background service (system-wide), so it runs alone, after the `system` project, in its own project
 * (`fresh`) with two workers: the roles' tests run in parallel (each worker makes its own issuers, users and jobs in
 * its beforeAll) and the service stays paused until the last worker's tests are done (pauseHeld / pauseReleased);
 * everything it creates is removed at the end and the service resumed. ProQ has no way to hold one job's run back
 * through the API, so the pause stays.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiAs, BASE } from './helpers.ts';

test.describe.configure({ mode: 'parallel' });

const ROLES = [
  'issuer',
  'client',
  'issuerPlus',
  'accountManager',
  'campaignManager',
  'ptcoJobManager',
  'sysAdmin',
  'tester',
  'developer',
] as const;
type Role = (typeof ROLES)[number];
/** The issuer's own users (members of the new issuer, as the demo user of the role is of theirs); the rest is staff. */
const MEMBER_ROLE: Partial<Record<Role, 'Manager' | 'Member'>> = {
  issuer: 'Manager',
  client: 'Member',
  issuerPlus: 'Manager',
  accountManager: 'Member',
  campaignManager: 'Member',
};

/** API answers that are part of a page's normal flow, not errors. */
function expected(status: number, url: URL, jobIds: readonly string[]): boolean {
  const p = url.pathname;
  // global insights answer 409 while they are computed (the page shows its loading page)
  if (status === 409 && p.startsWith('/api/v1/global-insights/')) return true;
  // a job without a completed run has no results yet (409, the tab says so), nor changes (404, the tab says why)
  const job = /^\/api\/v1\/jobs\/([0-9a-f-]{36})\//.exec(p)?.[1];
  if (job && jobIds.includes(job) && (status === 409 || (status === 404 && p.endsWith('/changes')))) return true;
  return false;
}

// unique per worker process (each worker makes its own issuers and users)
const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}`;
const SUPPLIERS = [
  'Vendor No;Vendor Name;Street;Zip;City;Country;Annual Spend',
  ...Array.from(
    { length: 6 },
    (_, i) => `F${i};First Visit Trading ${i} Ltd;${i} Mill Road;CB${i} 1AA;Cambridge;GB;${(i + 1) * 1200}`,
  ),
].join('\n');

let admin: APIRequestContext;
let dev: APIRequestContext;
/** Issuer A never has a job; issuer B has one job processing and one failed. */
const issuers = { empty: '', withJobs: '' };
/** The new users: per role, of issuer A (tenant roles only) and of issuer B (staff see every issuer). */
const users: { empty: Partial<Record<Role, string>>; withJobs: Partial<Record<Role, string>> } = {
  empty: {},
  withJobs: {},
};
const emails = new Map<string, string>();
const jobs = { processing: '', failed: '' };
let paused = false;

/**
 * The pause is shared by the workers of the run: each one holds it (a file named by its process in the project's
 * output folder) from before its jobs are made until its tests are done, and the last one out resumes the service.
 * A lock folder makes holding and pausing, and letting go and resuming, one step each.
 */
async function underLock<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const lock = path.join(dir, 'lock');
  const start = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // a worker that died holding it (it is held for one API call): take it over
      if (Date.now() - start > 30_000) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
const pauseDir = () => path.join(test.info().project.outputDir, 'background-service-pause');

async function pauseHeld(): Promise<void> {
  const dir = pauseDir();
  mkdirSync(path.join(dir, 'holders'), { recursive: true });
  await underLock(dir, async () => {
    writeFileSync(path.join(dir, 'holders', String(process.pid)), '');
    paused = true;
    const pause = await dev.post('/api/v1/proq/background-service?running=false');
    expect(pause.ok(), await pause.text()).toBeTruthy();
  });
}

async function pauseReleased(): Promise<void> {
  const dir = pauseDir();
  await underLock(dir, async () => {
    rmSync(path.join(dir, 'holders', String(process.pid)), { force: true });
    paused = false;
    if (readdirSync(path.join(dir, 'holders')).length === 0)
      await dev.post('/api/v1/proq/background-service?running=true');
  });
}

async function newIssuer(name: string, template: Record<string, string>): Promise<string> {
  const created = await admin.post('/api/v1/issuers', {
    data: {
      name: `${name} ${stamp}`,
      issuerKey: `e2e-fv-${name.toLowerCase().replace(/\W+/g, '-')}-${stamp}`,
      scheme: 'Visa',
      language: 'en',
      currency: 'GBP',
      sendMagicLinks: false,
      brandingId: template.brandingId,
      analysisDataDownloadProfileId: template.analysisDataDownloadProfileId,
      matchedDataOnlyDownloadProfileId: template.matchedDataOnlyDownloadProfileId,
      onboardingDataDownloadProfileId: template.onboardingDataDownloadProfileId,
    },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { id: string }).id;
}

/** A new user with the roles of the demo user of the role: a member of the issuer, else internal staff. */
async function newUser(role: Role, issuerId: string | null, demoRoles: string[]): Promise<string> {
  const member = issuerId ? MEMBER_ROLE[role] : undefined;
  const email = `fv-${role.toLowerCase()}-${issuerId ? issuerId.slice(0, 8) : 'staff'}-${stamp}@first-visit.example`;
  const res = await admin.post('/api/v1/users', {
    data: {
      username: email.split('@')[0],
      email,
      givenName: 'First',
      surname: `Visit ${role}`,
      ...(member ? { issuerId, issuerRole: member } : {}),
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const id = ((await res.json()) as { id: string }).id;
  emails.set(id, email);
  if (!member) {
    const internal = await dev.put(`/api/v1/users/${id}/internal`, { data: { isInternal: true } });
    expect(internal.ok(), await internal.text()).toBeTruthy();
  }
  // the developer holds every role's permissions, so may grant each (a grant is bounded by the granter's roles)
  const granted = await dev.post(`/api/v1/authorization/${id}/user-roles`, { data: { roles: demoRoles } });
  expect(granted.ok(), `roles of ${role}: ${await granted.text()}`).toBeTruthy();
  return id;
}

test.beforeAll(async () => {
  test.setTimeout(480_000);
  admin = await apiAs('sysAdmin');
  dev = await apiAs('developer');
  // a fresh server completes its demo jobs and global insights in the background: let it, before the pause
  await expect
    .poll(async () => (await admin.get('/api/v1/global-insights/summary')).status(), {
      timeout: 360_000,
      intervals: [2_000],
    })
    .toBe(200);

  const list = (await (await admin.post('/api/v1/issuers/get', { data: { pageSize: 100 } })).json()) as {
    collection: { id: string; issuerKey: string }[];
  };
  const template = (await (
    await admin.get(`/api/v1/issuers/${list.collection.find((i) => i.issuerKey === 'northbridge')!.id}`)
  ).json()) as Record<string, string>;
  issuers.empty = await newIssuer('First Visit Bank', template);
  issuers.withJobs = await newIssuer('Second Visit Bank', template);
  const buyer = await admin.post('/api/v1/buyers', {
    data: { issuerId: issuers.withJobs, name: `Second Visit Foods ${stamp}`, countryIso3: 'GBR' },
  });
  expect(buyer.ok(), await buyer.text()).toBeTruthy();
  const buyerId = ((await buyer.json()) as { id: string }).id;

  const demoUsers = (await (await admin.get('/api/v1/users')).json()) as { id: string; username: string }[];
  for (const role of ROLES) {
    const demo = (await (
      await admin.get(`/api/v1/users/${demoUsers.find((u) => u.username === role)!.id}`)
    ).json()) as { roles: { standard: { role: string }[]; tabbedView: { role: string }[] } };
    const roles = [...demo.roles.standard, ...demo.roles.tabbedView].map((r) => r.role);
    if (MEMBER_ROLE[role]) {
      users.empty[role] = await newUser(role, issuers.empty, roles);
      users.withJobs[role] = await newUser(role, issuers.withJobs, roles);
    } else users.withJobs[role] = await newUser(role, null, roles);
  }

  // issuer B's jobs, made by a job manager: both with a validated file
  const pm = await apiAs('ptcoJobManager');
  const newJob = async (name: string) => {
    const q = new URLSearchParams({ name: `${name} ${stamp}`, type: 'base', issuerId: issuers.withJobs, buyerId });
    const created = await pm.post(`/api/v1/job-artifacts?${q}`);
    expect(created.ok(), await created.text()).toBeTruthy();
    const id = ((await created.json()) as { id: string }).id;
    const up = await pm.post(`/api/v1/jobs/${id}/files?dataKind=suppliers`, {
      multipart: { file: { name: 'suppliers.csv', mimeType: 'text/csv', buffer: Buffer.from(SUPPLIERS) } },
    });
    expect(((await up.json()) as { status: string }).status).toBe('validated');
    return id;
  };
  jobs.failed = await newJob('Failed job');
  jobs.processing = await newJob('Processing job');
  // the service paused, a run stays queued: the job is processing; the other job's run fails at its first step
  await pauseHeld();
  const failedRun = await pm.post(`/api/v1/jobs/${jobs.failed}/runs`);
  expect(failedRun.ok(), await failedRun.text()).toBeTruthy();
  const ingest = ((await failedRun.json()) as { steps: { step: string; commandId: number }[] }).steps.find(
    (s) => s.step === 'ingest',
  )!.commandId;
  const canceled = await admin.post(`/api/v1/proq/commands/${ingest}/cancel`, {
    data: { reason: 'The supplier file could not be read' },
  });
  expect(canceled.ok(), await canceled.text()).toBeTruthy();
  expect((await pm.post(`/api/v1/jobs/${jobs.processing}/runs`)).ok()).toBeTruthy();
  const status = async (id: string) =>
    ((await (await pm.get(`/api/v1/jobs/${id}`)).json()) as { status: string }).status;
  expect(await status(jobs.processing)).toBe('Processing');
  expect(await status(jobs.failed)).toBe('Failed');
  // the issuer's members are assigned to both jobs (its managers see every job of the issuer)
  for (const [role, member] of Object.entries(MEMBER_ROLE))
    if (member === 'Member')
      for (const jobArtifactId of Object.values(jobs)) {
        const r = await pm.put('/api/v1/job-artifacts/update-job-artifact-user-assignment', {
          data: { jobArtifactId, userId: users.withJobs[role as Role]!, isAssigned: true },
        });
        expect(r.ok(), await r.text()).toBeTruthy();
      }
  await pm.dispose();
});

test.afterAll(async () => {
  if (paused) await pauseReleased();
  for (const id of Object.values(jobs)) if (id) await admin.delete(`/api/v1/jobs/${id}`);
  for (const id of [...Object.values(users.empty), ...Object.values(users.withJobs)])
    await dev.delete(`/api/v1/users/${id}`);
  for (const id of Object.values(issuers)) if (id) await admin.delete(`/api/v1/issuers/${id}`);
  await admin?.dispose();
  await dev?.dispose();
});

/** A browser context signed in as the new user of the role, through their invitation link. */
async function signInAs(browser: Browser, userId: string): Promise<Page> {
  const invited = await admin.post('/api/v1/users/invite', { form: { id: userId } });
  expect(invited.ok(), await invited.text()).toBeTruthy();
  const email = emails.get(userId)!;
  const mails = (await (await dev.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}&limit=50`)).json()) as {
    text: string;
  }[];
  const token = /\/login\/magic\?token=([\w%-]+)/.exec(mails[0]?.text ?? '')?.[1];
  expect(token, mails[0]?.text).toBeTruthy();
  const context = await browser.newContext({ baseURL: BASE });
  const page = await context.newPage();
  const res = await page.request.post('/api/v1/auth/magic-link/verify', {
    data: { token: decodeURIComponent(token!) },
    headers: { Origin: BASE },
  });
  expect(res.ok(), `sign in as ${email}: ${await res.text()}`).toBeTruthy();
  return page;
}

/** Watches a page: what it reports is the sweep's list of problems. */
function watch(page: Page, jobIds: () => readonly string[], label: string) {
  const found: string[] = [];
  const problems = {
    push: (p: string) => {
      found.push(`${label} ${p}`);
      console.log(`[first visit] ${label} ${p}`);
    },
  };
  let current = '';
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource'))
      problems.push(`${current}: console error: ${m.text().slice(0, 200)}`);
  });
  page.on('pageerror', (e) => problems.push(`${current}: page error: ${e.message.slice(0, 200)}`));
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (r.status() < 400 || !url.pathname.startsWith('/api/')) return;
    if (expected(r.status(), url, jobIds())) return;
    problems.push(`${current}: ${r.request().method()} ${url.pathname} answered ${r.status()}`);
  });
  return {
    problems: found,
    async visit(href: string) {
      current = href;
      await page.goto(href);
      await expect(page.locator('main')).toBeVisible();
      if (/\/401$|\/404$|\/500$|\/no-access$/.test(new URL(page.url()).pathname)) {
        problems.push(`${href}: sent to ${new URL(page.url()).pathname}`);
        return;
      }
      // settled: no request for half a second (at most 3 s: a processing job's pages poll), then no spinner left —
      // one still turning 10 s later is a spinner without end (a processing job's run progress is determinate, with
      // aria-valuenow, and is what that page is about)
      await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
      const spinners = page.locator('main [role="progressbar"]:not([aria-valuenow]):visible');
      const spinning = await expect(spinners)
        .toHaveCount(0, { timeout: 10_000 })
        .then(() => false)
        .catch(() => true);
      if (spinning) problems.push(`${href}: a spinner still turns after 10 s`);
      const errors = page.locator('[data-testid="notification"][data-severity="error"]');
      if (await errors.count())
        problems.push(`${href}: error notification: ${(await errors.first().innerText()).slice(0, 200)}`);
      const text = (
        await page
          .locator('main')
          .innerText()
          .catch(() => '')
      )
        .replace(/\s+/g, ' ')
        .trim();
      if (text.length < 40) problems.push(`${href}: blank page ("${text}")`);
    },
  };
}

async function navHrefs(page: Page): Promise<string[]> {
  const nav = page.getByTestId('navbar');
  await expect(nav).toBeVisible();
  const hrefs = await nav
    .locator('[data-testid^="nav-"][href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith('/')))];
}

/** Every tab of a job the user may open (collapsed sections opened first). */
async function jobTabHrefs(page: Page, jobId: string): Promise<string[]> {
  await page.goto(`/jobs/${jobId}`);
  const tabs = page.getByTestId('job-tabs');
  // the tabs, once the job has loaded (isVisible would not wait: on a busy machine the sweep then left every tab
  // out), unless the user is sent to the job's no-access page
  const shown = await Promise.race([
    tabs.waitFor({ state: 'visible', timeout: 15_000 }).then(
      () => true,
      () => false,
    ),
    page.waitForURL(/\/no-access$/, { timeout: 15_000 }).then(
      () => false,
      () => false,
    ),
  ]);
  if (!shown) return [`/jobs/${jobId}`];
  const collapsed = tabs.locator('[data-testid^="job-section-"][aria-expanded="false"]');
  for (let n = await collapsed.count(); n > 0; n--) await collapsed.first().click();
  await expect(collapsed).toHaveCount(0);
  const hrefs = await tabs.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((h) => h.startsWith(`/jobs/${jobId}`)))];
}

for (const role of ROLES) {
  test(`first visit as a new ${role}: no jobs, a job processing, a failed job`, async ({ browser }) => {
    test.setTimeout(300_000);
    /** Every problem the role's sweep met (a problem does not stop the sweep: the test lists them all at its end). */
    const problems: string[] = [];
    const sweep = async (userId: string, label: string, withJobs: boolean) => {
      const page = await signInAs(browser, userId);
      const w = watch(page, () => (withJobs ? Object.values(jobs) : []), `${role} ${label}`);
      await page.goto('/');
      const hrefs = [...(await navHrefs(page)), '/profile'];
      if (withJobs) for (const id of Object.values(jobs)) hrefs.push(...(await jobTabHrefs(page, id)));
      console.log(`[first visit] ${role} ${label}: ${hrefs.length} pages`);
      for (const href of hrefs) await w.visit(href);
      // a results tab of each job says why it has no results yet: running, or the run that failed
      for (const [state, id] of [
        ['processing', jobs.processing],
        ['failed', jobs.failed],
      ] as const)
        if (withJobs && hrefs.includes(`/jobs/${id}/summary`)) {
          await page.goto(`/jobs/${id}/summary`);
          const shown = await page
            .getByTestId('job-no-results')
            .getAttribute('data-state', { timeout: 15_000 })
            .catch(() => null);
          if (shown !== state) problems.push(`${role} /jobs/${id}/summary: says "${shown}", not "${state}"`);
        }
      problems.push(...w.problems);
      await page.context().close();
    };
    const empty = users.empty[role];
    if (empty) await sweep(empty, 'no jobs', false);
    await sweep(users.withJobs[role]!, 'jobs', true);
    expect(
      problems,
      `no page of the ${role} showed an error notification, a spinner without end or a blank panel`,
    ).toEqual([]);
  });
}
