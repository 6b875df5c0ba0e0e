// @vitest-environment jsdom
/**
 * The job's "Connect accounting system" panel as a user meets it: "not configured" with the button off, the state
 * and last message of a failed import with Connect again / Import again, and the server's refusal shown as is.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TJobInputOptions } from '@sextant/shared/values';
import { renderWithApp } from '../../test/render.tsx';
import { MergePanel } from './merge-panel.tsx';

const JOB = '11111111-1111-4111-8111-111111111111';
const base: TJobInputOptions = {
  issuerName: 'Northbridge Bank',
  csvFileUpload: true,
  sendUploadLink: true,
  mergeLink: 'on',
  mergeMagicLink: 'off',
  connection: null,
};

describe('MergePanel', { timeout: 120_000 }, () => {
  it('says Merge is not configured and offers no connection', () => {
    renderWithApp(<MergePanel jobId={JOB} options={{ ...base, mergeLink: 'notConfigured' }} editable />);
    expect(screen.getByTestId('merge-not-configured').textContent).toBe(
      'Northbridge Bank offers connecting an accounting system, but Merge is not configured on this server. Ask your administrator.',
    );
    expect((screen.getByRole('button', { name: 'Connect accounting system' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('shows a failed import with its reason, and offers to connect or import again', () => {
    renderWithApp(
      <MergePanel
        jobId={JOB}
        editable
        options={{
          ...base,
          connection: {
            id: '22222222-2222-4222-8222-222222222222',
            via: 'MergeLink',
            status: 'Failed',
            endUserEmail: 'ap@client.example',
            integration: 'Xero',
            linkExpiresAt: null,
            lastImportAt: null,
            lastMessage: 'Merge returned records that cannot be imported (1): invoice INV-1002 has no total amount',
            fileIds: [],
            createdAt: '2026-11-28T09:00:00.000Z',
            updatedAt: '2026-11-28T09:00:00.000Z',
          },
        }}
      />,
    );
    const status = screen.getByTestId('merge-status');
    expect(status.getAttribute('data-status')).toBe('Failed');
    expect(status.textContent).toContain('The last import from Xero failed');
    expect(status.textContent).toContain('invoice INV-1002 has no total amount');
    expect(screen.getByRole('button', { name: 'Connect again' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import again' })).toBeTruthy();
  });

  it('shows the server’s refusal when the link token is refused', async () => {
    const { fetchMock } = renderWithApp(<MergePanel jobId={JOB} options={base} editable />);
    const message =
      'Northbridge Bank does not offer connecting an accounting system through Merge (input data option MergeLink is off)';
    fetchMock.mockImplementation(async () =>
      Response.json({ success: false, statusCode: 409, code: 'Conflict', message }, { status: 409 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Connect accounting system' }));
    await waitFor(() => expect(screen.getByTestId('merge-error').textContent).toBe(message));
  });
});
