/**
 * /tools/send-email: compose a message to users (picked within the caller's tenant scope) and addresses, in a
 * branding's template; preview it, send it through the email service; the log lists what was sent.
 */
import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ISSUER_LANGUAGE_KEYS,
  type TEmailPreview,
  type TEmailRecipient,
  type TIssuerLanguage,
} from '@sextant/shared/values';
import { brandingsQuery } from '../../api/issuers.ts';
import { emailLogQuery, previewEmail, recipientsQuery, sendEmail, toolKeys } from '../../api/tools.ts';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Panel } from './tool-card.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const splitAddresses = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);

export function Component() {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const options = useQuery(recipientsQuery(deferred)).data ?? [];
  const brandings = (useQuery(brandingsQuery()).data ?? []).filter((b) => !b.retiredAt);
  const log = useQuery(emailLogQuery()).data ?? [];
  const [users, setUsers] = useState<TEmailRecipient[]>([]);
  const [addresses, setAddresses] = useState('');
  const [brandingId, setBrandingId] = useState('');
  const [language, setLanguage] = useState<TIssuerLanguage>('en');
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState<TEmailPreview | null>(null);
  const request = () => ({
    userIds: users.map((u) => u.id),
    addresses: splitAddresses(addresses),
    subject,
    body,
    brandingId: brandingId || null,
    language,
  });
  const doPreview = useMutation({
    mutationFn: () => previewEmail(request()),
    onSuccess: setPreview,
    onError: (e) => notifyError(e, 'Previewing the email'),
  });
  const send = useMutation({
    mutationFn: () => sendEmail(request()),
    onSuccess: (r) => {
      notify(r.success ? 'success' : 'warning', r.message);
      void qc.invalidateQueries({ queryKey: toolKeys.emailLog() });
    },
    onError: (e) => notifyError(e, 'Sending the email'),
  });
  const count = users.length + splitAddresses(addresses).length;
  const ready = count > 0 && subject.trim() && body.trim();
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Panel title={t('email.composeTitle')}>
          <Stack spacing={2}>
            <Autocomplete
              multiple
              size="small"
              options={options}
              value={users}
              filterOptions={(x) => x}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              getOptionLabel={(u) => `${u.displayName ?? u.username} <${u.email}>`}
              onChange={(_, v) => setUsers(v)}
              onInputChange={(_, v) => setSearch(v)}
              renderOption={(props, u) => (
                <li {...props} key={u.id}>
                  <Box>
                    <Typography variant="body2">{u.displayName ?? u.username}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {u.email}
                      {u.issuers.length ? ` · ${u.issuers.join(', ')}` : ''}
                    </Typography>
                  </Box>
                </li>
              )}
              renderInput={(p) => <TextField {...p} label={t('email.users')} helperText={t('email.usersHelp')} />}
              data-testid="email-users"
            />
            <TextField
              size="small"
              label={t('email.addresses')}
              helperText={t('email.addressesHelp')}
              value={addresses}
              onChange={(e) => setAddresses(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'email-addresses' } }}
            />
            <Stack direction="row" spacing={2}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('email.branding')}
                value={brandingId}
                onChange={(e) => setBrandingId(e.target.value)}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('email.noBranding')}</MenuItem>
                {brandings.map((b) => (
                  <MenuItem key={b.brandingId} value={b.brandingId}>
                    {b.brandingDisplayName}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('email.language')}
                value={language}
                onChange={(e) => setLanguage(e.target.value as typeof language)}
                sx={{ minWidth: 140 }}
              >
                {ISSUER_LANGUAGE_KEYS.map((l) => (
                  <MenuItem key={l} value={l}>
                    {l.toUpperCase()}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <TextField
              size="small"
              label={t('email.subject')}
              value={subject}
              onChange={(e) => setSubject(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'email-subject' } }}
            />
            <TextField
              label={t('email.body')}
              helperText={t('email.bodyHelp', { name: '{{name}}', email: '{{email}}' })}
              multiline
              minRows={6}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'email-body' } }}
            />
            <Stack direction="row" spacing={1.5}>
              <Button
                variant="outlined"
                disabled={!ready || doPreview.isPending}
                onClick={() => doPreview.mutate()}
                data-testid="email-preview"
              >
                {t('email.preview')}
              </Button>
              <PendingButton
                variant="contained"
                pending={send.isPending}
                disabled={!ready}
                onClick={() => send.mutate()}
                data-testid="email-send"
              >
                {t('email.send', { count })}
              </PendingButton>
            </Stack>
          </Stack>
        </Panel>
        <Panel title={t('email.previewTitle')}>
          {preview ? (
            <Stack spacing={1}>
              <Typography variant="body2">
                <b>{t('email.from')}:</b> {preview.from ?? t('email.defaultSender')}
              </Typography>
              <Typography variant="body2" data-testid="email-preview-subject">
                <b>{t('email.subject')}:</b> {preview.subject}
              </Typography>
              <Box
                component="iframe"
                title={t('email.previewTitle')}
                sandbox=""
                srcDoc={preview.html}
                data-testid="email-preview-frame"
                sx={{ width: '100%', height: 420, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: '#fff' }}
              />
            </Stack>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('email.previewEmpty')}
            </Typography>
          )}
        </Panel>
      </Box>
      <Panel title={t('email.logTitle')}>
        {log.length ? (
          <DataTable
            rows={log}
            testId="email-log"
            variant="plain"
            stickyHeader={false}
            hover
            rowKey={(m) => m.id}
            columns={[
              { field: 'sentAt', header: t('email.col.sentAt'), render: (m) => new Date(m.sentAt).toLocaleString() },
              {
                field: 'toAddress',
                header: t('email.col.to'),
                render: (m) => (m.recipientName ? `${m.recipientName} <${m.toAddress}>` : m.toAddress),
              },
              { field: 'subject', header: t('email.subject') },
              {
                field: 'status',
                header: t('email.col.status'),
                render: (m) => (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={m.status === 'failed' ? 'error' : m.status === 'sent' ? 'success' : 'default'}
                    label={t(`email.status.${m.status}`, { defaultValue: m.status })}
                    title={m.error ?? undefined}
                  />
                ),
              },
              { field: 'sentBy', header: t('email.col.sentBy'), render: (m) => m.sentBy ?? '—' },
            ]}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('email.logEmpty')}
          </Typography>
        )}
      </Panel>
    </Stack>
  );
}
