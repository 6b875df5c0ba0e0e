// @vitest-environment jsdom
/**
 * The members of an issuer from a fixture API response (seeded in the query cache): a row per member with its role
 * and domain-user controls for an editor; a role change sends the member's update and only that row waits for it.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TIssuerFull } from '@sextant/shared/values';
import { renderWithApp } from '../../../test/render.tsx';
import { issuerKeys } from '../../../api/issuers.ts';
import { Component as IssuerUsersPage } from './issuer-users-page.tsx';

const ISSUER = '11111111-1111-4111-8111-111111111111';
const ADA = '22222222-2222-4222-8222-222222222222';
const BEN = '33333333-3333-4333-8333-333333333333';

const issuer: TIssuerFull = {
  id: ISSUER,
  name: 'Northbridge Bank',
  issuerKey: 'northbridge',
  jobsCount: 0,
  jobNames: [],
  usersCount: 2,
  usernames: ['ada', 'ben'],
  issuerCapabilities: [],
  scheme: 'Visa',
  language: 'en',
  issuerVirtualLockboxes: [],
  issuerInputDataOptions: [],
  issuerKeyAliases: [],
  currency: 'EUR',
  fallbackCountryIso3: null,
  sendMagicLinks: false,
  brandingId: '44444444-4444-4444-8444-444444444444',
  brandingDisplayName: null,
  analysisDataDownloadProfileId: 'default',
  matchedDataOnlyDownloadProfileId: 'default',
  onboardingDataDownloadProfileId: 'default',
  hasSupplierIncludeList: false,
  hasSupplierExcludeList: false,
  acceptanceFees: null,
  issuerEmailDomains: ['northbridge.example'],
  numberNonEmailDomainUsers: 0,
  members: [
    { userId: ADA, username: 'ada', displayName: 'Ada Byrne', memberRole: 'Manager', isDomainUser: true },
    { userId: BEN, username: 'ben', displayName: 'Ben Ode', memberRole: 'Member', isDomainUser: false },
  ],
};

const render = (permissions: string[]) =>
  renderWithApp(<IssuerUsersPage />, {
    permissions,
    seed: [[issuerKeys.detail(ISSUER), issuer]],
    path: `/admin/issuer-manager/${ISSUER}/users`,
    route: '/admin/issuer-manager/:issuerId/users',
  });

describe('Issuer users page', () => {
  it('lists the members; without Issuer_Update their role and domain flag are read only', () => {
    render([]);
    const ada = screen.getByTestId('member-ada');
    expect(
      within(ada)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['ada', 'Ada Byrne', 'Manager', 'Yes']);
    expect(within(screen.getByTestId('member-ben')).getAllByRole('cell')[3]!.textContent).toBe('No');
    expect(screen.queryByRole('combobox', { name: 'Role of ada' })).toBeNull();
  });

  it('an editor changes a role: the update names the member, and only that row waits for it', async () => {
    const user = userEvent.setup();
    const { fetchMock } = render(['Issuer_Update']);
    const sent: { method: string; url: string; body: string }[] = [];
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const req = input instanceof Request ? input : new Request(String(input));
      // the page reloads the issuer after the update
      if (req.method === 'GET' && req.url.endsWith(`/issuers/${ISSUER}/full`)) return Response.json(issuer);
      if (req.method !== 'PATCH') throw new Error(`unexpected request ${req.method} ${req.url}`);
      sent.push({ method: req.method, url: req.url, body: await req.text() });
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    await user.click(screen.getByRole('combobox', { name: 'Role of ben' }));
    await user.click(screen.getByRole('option', { name: 'Manager' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.url).toContain(`/api/v1/issuers/${ISSUER}/members/${BEN}`);
    expect(JSON.parse(sent[0]!.body)).toEqual({ memberRole: 'Manager' });
    expect(screen.getByRole('switch', { name: 'ben is a domain user' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('switch', { name: 'ada is a domain user' }).hasAttribute('disabled')).toBe(false);
    answer(Response.json({ ...issuer.members[1], memberRole: 'Manager' }));
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'ben is a domain user' }).hasAttribute('disabled')).toBe(false),
    );
  });
});
