/**
 * Demo data for the embedded mode: the brandings of SPEC §3 with *.localhost domains, issuers of both schemes,
 * buyers, and one account per role (password DEMO_PASSWORD, default "demo"). Idempotent: existing rows are kept.
 */
import { createHash } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import {
  brandingAssets,
  brandingDomains,
  brandings,
  buyers,
  issuerMemberships,
  issuers,
  userPermissions,
  userRoles,
  users,
  type Db,
  type DbOrTx,
} from '@sextant/db';
import { ACCESSOR_ROLES, isRetiredRole, type TPermission, type TRole, type TThemeKey } from '@sextant/shared';
import { hashPassword } from '../lib/passwords.ts';
import { sanitizeSvg } from '../lib/brand-image.ts';
import { demoBrandImages } from './brand-logos.ts';

export const DEMO_BRANDINGS: {
  brandingKey: string;
  theme: TThemeKey;
  brandingDisplayName: string;
  fullDomainName: string;
}[] = [
  { brandingKey: 'paytech', theme: 'paytech', brandingDisplayName: 'Paytech', fullDomainName: 'paytech.localhost' },
  {
    brandingKey: 'mcpaytech',
    theme: 'paytech',
    brandingDisplayName: 'McPaytech',
    fullDomainName: 'mcpaytech.localhost',
  },
  {
    brandingKey: 'mastercard',
    theme: 'mastercard',
    brandingDisplayName: 'Mastercard',
    fullDomainName: 'mastercard.localhost',
  },
  { brandingKey: 'lloyds', theme: 'lloyds', brandingDisplayName: 'Lloyds', fullDomainName: 'lloyds.localhost' },
  { brandingKey: 'test', theme: 'test', brandingDisplayName: 'Test', fullDomainName: 'test.localhost' },
  { brandingKey: 'hsbc', theme: 'hsbc', brandingDisplayName: 'HSBC', fullDomainName: 'hsbc.localhost' },
];

const DEMO_ISSUERS = [
  {
    issuerKey: 'northbridge',
    name: 'Northbridge Bank',
    scheme: 'Mastercard',
    language: 'en',
    currency: 'GBP',
    fallbackCountryIso3: 'GBR',
    branding: 'lloyds',
    emailDomains: ['northbridge.example'],
    capabilities: ['Stp', 'Vcard', 'Pcard', 'TandEcard', 'Scf', 'InstantPay', 'Boost', 'Optima'],
    virtualLockboxes: ['Boost', 'Its'],
    buyers: ['Albion Foods plc', 'Severn Logistics Ltd'],
  },
  {
    issuerKey: 'meridian',
    name: 'Meridian Trust',
    scheme: 'Visa',
    language: 'de',
    currency: 'EUR',
    fallbackCountryIso3: 'DEU',
    branding: 'hsbc',
    emailDomains: ['meridian.example'],
    capabilities: ['Stp', 'Vcard', 'Pcard', 'Optima'],
    virtualLockboxes: ['BoostEu'],
    buyers: ['Rheinwerk Maschinenbau GmbH'],
  },
  {
    issuerKey: 'pacific',
    name: 'Pacific Commerce Bank',
    scheme: 'Mastercard',
    language: 'en',
    currency: 'USD',
    fallbackCountryIso3: 'USA',
    branding: 'mastercard',
    emailDomains: ['pacific.example'],
    capabilities: ['Stp', 'Vcard', 'Pcard', 'TandEcard', 'InstantPay', 'Optima'],
    virtualLockboxes: ['Boost'],
    buyers: ['Cascade Health Systems Inc', 'Redwood Manufacturing Co'],
  },
] as const;

/** Internal staff hold every accessor role in use (a retired one, RETIRED_ROLES, opens nothing and is not granted). */
const STAFF_ACCESSORS: TRole[] = ACCESSOR_ROLES.filter((r) => !isRetiredRole(r));
const BASE_ACCESSORS: TRole[] = STAFF_ACCESSORS.filter((r) => r !== 'JobTypeTabSwitcherAccessor');

interface DemoUser {
  username: string;
  givenName: string;
  surname: string;
  roles: TRole[];
  issuer?: { key: string; role: 'Manager' | 'Member' };
  canSwitchRoles?: boolean;
  /**
   * Internal staff (DESIGN §6, users.is_internal): the platform's own people — job managers, system
   * administrators, testers, developers. Issuer-side accounts (issuer, client, issuerPlus, accountManager,
   * campaignManager) are tenant users of their issuer.
   */
  internal?: boolean;
  /** The user's own extra permissions (SPEC §6: held besides the roles' permissions). */
  extraPermissions?: TPermission[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    username: 'issuer',
    givenName: 'Isla',
    surname: 'Hughes',
    roles: ['issuer', ...BASE_ACCESSORS],
    issuer: { key: 'northbridge', role: 'Manager' },
    // The bank's own analyst sees each supplier's scores (SuppliersScore_VIEW, a ptcoJobManager permission by role);
    // the bank's clients (client, campaignManager) see the suppliers without them.
    extraPermissions: ['SuppliersScore_VIEW'],
  },
  {
    username: 'client',
    givenName: 'Carl',
    surname: 'Bennett',
    roles: [
      'client',
      'JobSummaryAccessor',
      'JobInsightsAccessor',
      'JobSuppliersAccessor',
      'JobReportAccessor',
      'JobPresentationAccessor',
      'JobUseCasesAccessor',
      'JobUseCasesReportAccessor',
    ],
    issuer: { key: 'northbridge', role: 'Member' },
  },
  {
    username: 'issuerPlus',
    givenName: 'Priya',
    surname: 'Shah',
    roles: ['issuerPlus', ...BASE_ACCESSORS],
    issuer: { key: 'meridian', role: 'Manager' },
  },
  {
    username: 'accountManager',
    givenName: 'Aaron',
    surname: 'Murphy',
    roles: ['accountManager', ...BASE_ACCESSORS],
    issuer: { key: 'pacific', role: 'Member' },
  },
  {
    username: 'ptcoJobManager',
    givenName: 'Jonas',
    surname: 'Meyer',
    roles: ['ptcoJobManager', ...STAFF_ACCESSORS],
    internal: true,
  },
  {
    username: 'sysAdmin',
    givenName: 'Sara',
    surname: 'Admin',
    roles: ['sysAdmin', ...STAFF_ACCESSORS],
    canSwitchRoles: true,
    internal: true,
  },
  {
    username: 'tester',
    givenName: 'Tomas',
    surname: 'Novak',
    roles: ['tester', ...STAFF_ACCESSORS],
    canSwitchRoles: true,
    internal: true,
  },
  {
    username: 'developer',
    givenName: 'Dev',
    surname: 'Eloper',
    roles: ['developer', 'campaignManager', ...STAFF_ACCESSORS],
    canSwitchRoles: true,
    internal: true,
  },
  {
    username: 'campaignManager',
    givenName: 'Camille',
    surname: 'Martin',
    roles: ['campaignManager', 'client', 'JobCampaignsAccessor', 'JobSummaryAccessor', 'JobSuppliersAccessor'],
    issuer: { key: 'northbridge', role: 'Member' },
  },
];

export async function seedDemo(db: Db, password: string): Promise<{ created: number }> {
  // One transaction: a start killed half-way leaves no issuer without its buyers (they are only added with it).
  return db.transaction((tx) => seedDemoIn(tx, password));
}

async function seedDemoIn(db: DbOrTx, password: string): Promise<{ created: number }> {
  let created = 0;
  await db
    .insert(brandings)
    .values(
      DEMO_BRANDINGS.map((b) => ({
        ...b,
        emailSenderAddress: `no-reply@${b.fullDomainName}`,
        emailSenderName: `${b.brandingDisplayName} B2B Analytics`,
      })),
    )
    .onConflictDoNothing();
  const brandingRows = await db.select().from(brandings);
  const brandingId = (key: string) => brandingRows.find((b) => b.brandingKey === key)!.brandingId;
  // The demo brandings' domains and images are data (issue #33), kept when an administrator changed them.
  for (const b of DEMO_BRANDINGS) {
    await db
      .insert(brandingDomains)
      .values({ domain: b.fullDomainName, brandingId: brandingId(b.brandingKey) })
      .onConflictDoNothing();
    const images = demoBrandImages(b.brandingKey);
    if (!images) continue;
    for (const [kind, source] of [
      ['logo', images.logo],
      ['favicon', images.favicon],
    ] as const) {
      const content = Buffer.from(sanitizeSvg(source), 'utf8');
      await db
        .insert(brandingAssets)
        .values({
          brandingId: brandingId(b.brandingKey),
          kind,
          contentType: 'image/svg+xml',
          content,
          sha256: createHash('sha256').update(content).digest('hex'),
        })
        .onConflictDoNothing();
    }
  }

  for (const i of DEMO_ISSUERS) {
    const [row] = await db
      .insert(issuers)
      .values({
        issuerKey: i.issuerKey,
        name: i.name,
        scheme: i.scheme,
        language: i.language,
        currency: i.currency,
        fallbackCountryIso3: i.fallbackCountryIso3,
        sendMagicLinks: true,
        brandingId: brandingId(i.branding),
        analysisDataDownloadProfileId: 'default-analysis-data',
        matchedDataOnlyDownloadProfileId: 'default-matched-data-only',
        onboardingDataDownloadProfileId: 'default-onboarding',
        capabilities: [...i.capabilities],
        virtualLockboxes: [...i.virtualLockboxes],
        inputDataOptions: ['CsvFileUpload', 'SendUploadLink'],
        keyAliases: [i.issuerKey.toUpperCase()],
        emailDomains: [...i.emailDomains],
      })
      .onConflictDoNothing()
      .returning();
    if (row) {
      created++;
      await db
        .insert(buyers)
        .values(i.buyers.map((name) => ({ issuerId: row.id, name, countryIso3: i.fallbackCountryIso3 })));
    }
  }
  const issuerRows = await db
    .select()
    .from(issuers)
    .where(
      inArray(
        issuers.issuerKey,
        DEMO_ISSUERS.map((i) => i.issuerKey),
      ),
    );

  // The demo users a start finds (all of them, but on the first start) are left as they are: the password is hashed
  // (argon2, tens of milliseconds of CPU) only when one of them is missing.
  const present = new Set(
    (
      await db
        .select({ username: users.username })
        .from(users)
        .where(
          inArray(
            users.username,
            DEMO_USERS.map((u) => u.username),
          ),
        )
    ).map((r) => r.username),
  );
  const missing = DEMO_USERS.filter((u) => !present.has(u.username));
  const passwordHash = missing.length ? await hashPassword(password) : '';
  for (const u of missing) {
    const issuer = u.issuer ? issuerRows.find((i) => i.issuerKey === u.issuer!.key) : undefined;
    const domain = issuer?.emailDomains[0] ?? 'sextant.example';
    const [row] = await db
      .insert(users)
      .values({
        idpId: u.username,
        idProviderName: 'local',
        username: u.username,
        email: `${u.username.toLowerCase()}@${domain}`,
        emailVerified: true,
        displayName: `${u.givenName} ${u.surname}`,
        givenName: u.givenName,
        surname: u.surname,
        passwordHash,
        approved: true,
        canSwitchRoles: u.canSwitchRoles ?? false,
        isInternal: u.internal ?? false,
        agreedTermsVersion: '2025-01',
        agreedPrivacyVersion: '2025-01',
      })
      .onConflictDoNothing()
      .returning();
    if (!row) continue;
    created++;
    await db.insert(userRoles).values(u.roles.map((role) => ({ userId: row.id, role })));
    if (u.extraPermissions?.length)
      await db.insert(userPermissions).values(u.extraPermissions.map((permission) => ({ userId: row.id, permission })));
    if (issuer)
      await db
        .insert(issuerMemberships)
        .values({ issuerId: issuer.id, userId: row.id, role: u.issuer!.role, isDomainUser: true });
  }
  return { created };
}
