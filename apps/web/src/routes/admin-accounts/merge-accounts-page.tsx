/**
 * /admin/analysis-admin/merge-linked-accounts (MergeLinkedAccounts_VIEW): accounts of one person under several
 * identity providers (same email), a preview of what a merge moves and what blocks it, and the merge itself
 * (shown only with User_CRUD). The server decides every rule; the page shows its answer.
 */
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import MergeTypeOutlined from '@mui/icons-material/MergeTypeOutlined';
import type { TLinkedAccount, TLinkedAccountGroup, TMergePreview } from '@sextant/shared/values';
import { linkedAccountKeys, linkedAccountsQuery, mergeAccounts, mergePreviewQuery } from '../../api/admin-accounts.ts';
import { useCan } from '../../app/current-user.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useFormMutation } from '../../components/form-mutation.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Component() {
  const { t } = useTranslation('admin-accounts');
  const [q, setQ] = useState('');
  const groups = useQuery({ ...linkedAccountsQuery(q.trim()), meta: { operation: 'Loading linked accounts' } });
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" variant="body2" sx={{ flex: 1, minWidth: 280 }}>
          {t('merge.intro')}
        </Typography>
        <TextField
          size="small"
          label={t('merge.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          fullWidth={false}
          sx={{ width: 320 }}
        />
      </Stack>
      {groups.data?.length === 0 && <Alert severity="info">{t('merge.none')}</Alert>}
      {(groups.data ?? []).map((g) => (
        <GroupCard key={g.email} group={g} />
      ))}
    </Stack>
  );
}

function defaultKeep(accounts: TLinkedAccount[]): string {
  const active = accounts.filter((a) => !a.isDeactivated);
  const best = [...(active.length ? active : accounts)].sort((a, b) =>
    (b.lastActivityAt ?? '').localeCompare(a.lastActivityAt ?? ''),
  )[0]!;
  return best.id;
}

function GroupCard({ group }: { group: TLinkedAccountGroup }) {
  const { t } = useTranslation('admin-accounts');
  const [keep, setKeep] = useState(() => defaultKeep(group.accounts));
  const [mergeAway, setMergeAway] = useState(
    () => group.accounts.find((a) => a.id !== defaultKeep(group.accounts))!.id,
  );
  const [previewing, setPreviewing] = useState(false);
  return (
    <Card variant="outlined" data-testid={`linked-group-${group.email}`}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {group.email}
          </Typography>
          <Chip size="small" label={t('merge.accounts', { count: group.accounts.length })} />
        </Stack>
        <DataTable
          rows={group.accounts}
          testId={`linked-accounts-${group.email}`}
          variant="plain"
          stickyHeader={false}
          rowKey={(a) => a.id}
          rowTestId={(a) => `linked-account-${a.username}`}
          rowSx={(a) => ({ opacity: a.isDeactivated ? 0.6 : 1 })}
          columns={[
            {
              id: 'keep',
              header: t('merge.keep'),
              padding: 'checkbox',
              render: (a) => (
                <Radio
                  size="small"
                  checked={keep === a.id}
                  onChange={() => (
                    setKeep(a.id),
                    mergeAway === a.id && setMergeAway(group.accounts.find((x) => x.id !== a.id)!.id)
                  )}
                  slotProps={{ input: { 'aria-label': t('merge.keepAccount', { name: a.username }) } }}
                />
              ),
            },
            {
              id: 'mergeAway',
              header: t('merge.mergeAway'),
              padding: 'checkbox',
              render: (a) => (
                <Radio
                  size="small"
                  checked={mergeAway === a.id}
                  disabled={keep === a.id}
                  onChange={() => setMergeAway(a.id)}
                  slotProps={{ input: { 'aria-label': t('merge.mergeAccount', { name: a.username }) } }}
                />
              ),
            },
            {
              field: 'displayName',
              header: t('merge.columns.account'),
              render: (a) => (
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {a.displayName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {a.username}
                    {a.isInternal ? ` · ${t('merge.internal')}` : ''}
                    {a.isDeactivated ? ` · ${t('merge.deactivated')}` : ''}
                  </Typography>
                </>
              ),
            },
            { field: 'idProviderName', header: t('merge.columns.provider') },
            {
              field: 'roles',
              header: t('merge.columns.roles'),
              render: (a) => (
                <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
                  {a.roles.slice(0, 4).map((r) => (
                    <Chip key={r} size="small" variant="outlined" label={r} />
                  ))}
                  {a.roles.length > 4 && <Chip size="small" label={`+${a.roles.length - 4}`} />}
                </Stack>
              ),
            },
            {
              field: 'issuers',
              header: t('merge.columns.issuers'),
              render: (a) => a.issuers.map((i) => `${i.issuerName} (${i.role})`).join(', ') || '—',
            },
            {
              field: 'lastActivityAt',
              header: t('merge.columns.lastActivity'),
              render: (a) => formatDateTime(a.lastActivityAt),
            },
          ]}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1.5 }}>
          <Button
            variant="outlined"
            startIcon={<MergeTypeOutlined />}
            onClick={() => setPreviewing(true)}
            data-testid="merge-preview"
          >
            {t('merge.preview')}
          </Button>
        </Box>
      </CardContent>
      {previewing && (
        <PreviewDialog sourceUserId={mergeAway} targetUserId={keep} onClose={() => setPreviewing(false)} />
      )}
    </Card>
  );
}

function Moves({ label, items }: { label: string; items: string[] }) {
  const { t } = useTranslation('admin-accounts');
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '200px 1fr', gap: 1, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2">{items.length ? items.join(', ') : t('merge.nothing')}</Typography>
    </Box>
  );
}

function PreviewDialog({
  sourceUserId,
  targetUserId,
  onClose,
}: {
  sourceUserId: string;
  targetUserId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-accounts');
  const qc = useQueryClient();
  const canMerge = useCan(['User_CRUD']);
  const preview = useQuery({
    ...mergePreviewQuery({ sourceUserId, targetUserId }),
    meta: { operation: 'Previewing a merge' },
  });
  const merge = useFormMutation({
    mutationFn: mergeAccounts,
    operation: 'Merging accounts',
    success: t('merge.done'),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: linkedAccountKeys.all });
      onClose();
    },
  });
  const p: TMergePreview | undefined = preview.data;
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{t('merge.previewTitle')}</DialogTitle>
      <DialogContent>
        {p && (
          <Stack spacing={1.5} data-testid="merge-preview-panel">
            <Typography variant="body2">
              {t('merge.previewText', { source: p.source.username, target: p.target.username })}
            </Typography>
            <Divider />
            <Moves label={t('merge.moves.roles')} items={p.rolesAdded} />
            <Moves label={t('merge.moves.permissions')} items={p.permissionsAdded} />
            <Moves
              label={t('merge.moves.memberships')}
              items={[
                ...p.membershipsAdded.map((m) => `${m.issuerName} (${m.role})`),
                ...p.membershipsRaised.map((m) => t('merge.raised', { issuer: m.issuerName })),
              ]}
            />
            <Moves label={t('merge.moves.jobsOwned')} items={p.jobsOwned.map((j) => j.name)} />
            <Moves
              label={t('merge.moves.assignments')}
              items={p.jobAssignments.map((j) => `${j.name} (${j.connectionType})`)}
            />
            <Moves
              label={t('merge.moves.ended')}
              items={[
                t('merge.sessions', { count: p.sessionsEnded }),
                t('merge.links', { count: p.pendingLinksRevoked }),
              ]}
            />
            <Moves label={t('merge.moves.audit')} items={[t('merge.auditKept', { count: p.auditRowsKept })]} />
            <Divider />
            {p.blockers.length > 0 ? (
              <Alert severity="error" data-testid="merge-blockers">
                <Box component="ul" sx={{ m: 0, pl: 2 }}>
                  {p.blockers.map((b) => (
                    <li key={b}>{b}</li>
                  ))}
                </Box>
              </Alert>
            ) : (
              <Alert severity="info">{t('merge.afterwards', { source: p.source.username })}</Alert>
            )}
            {!canMerge && <Alert severity="warning">{t('merge.needsUserCrud')}</Alert>}
            {merge.error && <Alert severity="error">{merge.error.message}</Alert>}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        {canMerge && (
          <PendingButton
            variant="contained"
            color="warning"
            pending={merge.isPending}
            disabled={!p || p.blockers.length > 0}
            onClick={() => merge.mutate({ sourceUserId, targetUserId })}
            data-testid="merge-confirm"
          >
            {t('merge.merge')}
          </PendingButton>
        )}
      </DialogActions>
    </Dialog>
  );
}
