/**
 * /analysis (AnalysisJobList_VIEW): the jobs the user may open, server-paged 25 a page through
 * POST /authorization/auth-mapped-job-artifacts, sortable and filterable (name, buyer, issuer, owner,
 * published, created date), with row actions by the abilities the server sends with each row (rename, change
 * owner, publish, delete).
 */
import { useState, type MouseEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import PublicOffRounded from '@mui/icons-material/PublicOffRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import { DEFAULT_PAGE_SIZE, JOB_TYPE_LABELS, type TAuthMappedJobArtifact } from '@sextant/shared/values';
import { fetchJobList, jobKeys, jobOwnersQuery, jobQuery, usePublishJob } from '../../api/jobs.ts';
import { can, useRequiredUser } from '../../app/current-user.ts';
import { DataTable, type TDataColumn } from '../../components/data-table/data-table.tsx';
import { notify } from '../../components/notifications/notification-store.ts';
import { DeleteDialog, OwnerDialog, RenameDialog, type TJobRef } from '../jobs/job-dialogs.tsx';
import { formatDate, jobHomePath } from '../jobs/job-logic.ts';

type TDialog = { kind: 'rename' | 'owner' | 'delete'; job: TJobRef } | null;

function RowActions({ row, onDialog }: { row: TAuthMappedJobArtifact; onDialog: (d: TDialog) => void }) {
  const { t } = useTranslation('jobs');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const publish = usePublishJob();
  const ref: TJobRef = { id: row.id, name: row.name, issuerId: row.issuerId, ownerId: row.ownerId };
  // The server's abilities for this row, by the rule its routes enforce.
  const { canRename, canChangeOwner: canOwner, canPublish, canDelete } = row.abilities;
  if (!canRename && !canOwner && !canPublish && !canDelete) return null;
  const open = (e: MouseEvent<HTMLElement>) => {
    e.stopPropagation();
    setAnchor(e.currentTarget);
  };
  const pick = (fn: () => void) => (e: MouseEvent) => {
    e.stopPropagation();
    setAnchor(null);
    fn();
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('list.actionsFor', { name: row.name })}
        onClick={open}
        data-testid="job-row-actions"
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        onClick={(e) => e.stopPropagation()}
      >
        {canRename && (
          <MenuItem onClick={pick(() => onDialog({ kind: 'rename', job: ref }))}>
            <ListItemIcon>
              <EditOutlined fontSize="small" />
            </ListItemIcon>
            {t('actions.rename')}
          </MenuItem>
        )}
        {canOwner && (
          <MenuItem onClick={pick(() => onDialog({ kind: 'owner', job: ref }))}>
            <ListItemIcon>
              <PersonOutlineRounded fontSize="small" />
            </ListItemIcon>
            {t('actions.changeOwner')}
          </MenuItem>
        )}
        {canPublish && (
          <MenuItem
            onClick={pick(
              () =>
                void publish
                  .mutateAsync({ jobId: row.id, isPublished: !row.isPublished })
                  .then(() =>
                    notify(
                      'success',
                      row.isPublished
                        ? t('list.unpublished', { name: row.name })
                        : t('list.published', { name: row.name }),
                    ),
                  ),
            )}
          >
            <ListItemIcon>
              {row.isPublished ? <PublicOffRounded fontSize="small" /> : <PublicRounded fontSize="small" />}
            </ListItemIcon>
            {row.isPublished ? t('actions.unpublish') : t('actions.publish')}
          </MenuItem>
        )}
        {canDelete && (
          <MenuItem onClick={pick(() => onDialog({ kind: 'delete', job: ref }))} sx={{ color: 'error.main' }}>
            <ListItemIcon>
              <DeleteOutlineRounded fontSize="small" color="error" />
            </ListItemIcon>
            {t('actions.delete')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}

export function Component() {
  const { t } = useTranslation('jobs');
  const user = useRequiredUser();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const owners = useQuery(jobOwnersQuery());
  const [dialog, setDialog] = useState<TDialog>(null);
  const permissions = new Set(user.permissions);

  const columns: TDataColumn<TAuthMappedJobArtifact>[] = [
    {
      field: 'name',
      header: t('list.columns.name'),
      sortable: true,
      filter: { kind: 'text' },
      copyValue: (r) => r.name,
      render: (r) => (
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {r.name}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`types.${r.type}.label`, { defaultValue: JOB_TYPE_LABELS[r.type] })}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'buyerName',
      header: t('list.columns.buyer'),
      sortable: true,
      filter: { kind: 'text' },
      render: (r) => r.buyerName ?? '—',
    },
    { field: 'issuerName', header: t('list.columns.issuer'), sortable: true, filter: { kind: 'text' } },
    {
      field: 'ownerId',
      header: t('list.columns.owner'),
      filter: {
        kind: 'multiselect',
        options: (owners.data ?? []).map((o) => ({ value: o.id, label: o.displayName || o.ownerName })),
      },
      render: (r) => r.ownerDisplayName || r.ownerName,
    },
    {
      field: 'isPublished',
      header: t('list.columns.published'),
      sortable: true,
      filter: { kind: 'boolean', trueLabel: t('list.publishedLabel'), falseLabel: t('list.notPublished') },
      render: (r) =>
        r.isPublished ? (
          <Chip size="small" label={t('list.publishedLabel')} color="primary" variant="outlined" />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('common.no')}
          </Typography>
        ),
    },
    {
      field: 'createdOn',
      header: t('list.columns.created'),
      sortable: true,
      filter: { kind: 'date' },
      render: (r) => formatDate(r.createdOn),
    },
    {
      field: 'actions',
      header: '',
      align: 'right',
      width: 56,
      render: (r) => <RowActions row={r} onDialog={setDialog} />,
    },
  ];

  const open = async (row: TAuthMappedJobArtifact) => {
    try {
      const job = await qc.fetchQuery(jobQuery(row.id));
      navigate(jobHomePath(job, permissions));
    } catch {
      navigate(`/jobs/${row.id}/no-access`);
    }
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography color="text.secondary">{t('list.intro')}</Typography>
        {can(user, ['JobCreate']) && (
          <Button
            component={RouterLink}
            to="/jobs/loading"
            variant="contained"
            startIcon={<AddRounded />}
            sx={{ flexShrink: 0 }}
          >
            {t('list.newJob')}
          </Button>
        )}
      </Stack>
      <DataTable
        queryKey={jobKeys.lists()}
        fetchPage={fetchJobList}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'createdOn', direction: 'desc' }}
        pageSize={DEFAULT_PAGE_SIZE}
        rowHref={(r) => `/jobs/${encodeURIComponent(r.id)}`}
        onRowClick={(r) => void open(r)}
        emptyText={t('list.empty')}
        operation="Loading analysis jobs"
      />
      {dialog?.kind === 'rename' && <RenameDialog job={dialog.job} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'owner' && <OwnerDialog job={dialog.job} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'delete' && <DeleteDialog job={dialog.job} onClose={() => setDialog(null)} />}
    </Stack>
  );
}
