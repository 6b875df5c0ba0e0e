/**
 * /admin/analysis-admin/magic-links (MagicLinks_CRUD): links issued for sign-in and for job access — user,
 * purpose, job, created, expires, used, state — with revoke, and "Issue upload link": a link with which an
 * external person (a buyer) uploads files into one job. The link is shown once, right after it is issued.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddLinkOutlined from '@mui/icons-material/AddLinkOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import {
  MAGIC_LINK_STATES,
  SIGN_IN_TOKEN_PURPOSES,
  UPLOAD_LINK_DEFAULT_DAYS,
  UPLOAD_LINK_MAX_DAYS,
  type TAuthMappedJobArtifact,
  type TMagicLink,
  type TMagicLinkState,
  type TSignInTokenPurpose,
  type TUploadLinkCreated,
} from '@sextant/shared/values';
import {
  issueMergeMagicLink,
  issueUploadLink,
  magicLinkKeys,
  magicLinksQuery,
  revokeMagicLink,
} from '../../api/admin-accounts.ts';
import { fetchJobList } from '../../api/jobs.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { useFormMutation } from '../../components/form-mutation.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

const STATE_COLOR: Record<TMagicLinkState, 'success' | 'default' | 'warning' | 'error'> = {
  Pending: 'success',
  Used: 'default',
  Expired: 'warning',
  Revoked: 'error',
};

export function Component() {
  const { t } = useTranslation('admin-accounts');
  const [purpose, setPurpose] = useState<TSignInTokenPurpose | ''>('');
  const [state, setState] = useState<TMagicLinkState | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [issuing, setIssuing] = useState(false);
  const [created, setCreated] = useState<TCreatedLink | null>(null);
  const [revoking, setRevoking] = useState<TMagicLink | null>(null);
  const data = useQuery({
    ...magicLinksQuery({
      purpose: purpose || undefined,
      state: state || undefined,
      q: q.trim() || undefined,
      page: page + 1,
      pageSize,
    }),
    meta: { operation: 'Loading magic links' },
  }).data;
  const revoke = useFormMutation({
    mutationFn: revokeMagicLink,
    operation: 'Revoking a magic link',
    success: t('links.revoked'),
    invalidate: [magicLinkKeys.all],
    onSuccess: () => setRevoking(null),
  });

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('links.purpose')}
            value={purpose}
            onChange={(e) => (setPurpose(e.target.value as TSignInTokenPurpose), setPage(0))}
            fullWidth={false}
            sx={{ width: 170 }}
          >
            <MenuItem value="">{t('links.all')}</MenuItem>
            {SIGN_IN_TOKEN_PURPOSES.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`links.purposes.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('links.state')}
            value={state}
            onChange={(e) => (setState(e.target.value as TMagicLinkState), setPage(0))}
            fullWidth={false}
            sx={{ width: 150 }}
          >
            <MenuItem value="">{t('links.all')}</MenuItem>
            {MAGIC_LINK_STATES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`links.states.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('links.search')}
            value={q}
            onChange={(e) => (setQ(e.target.value), setPage(0))}
            fullWidth={false}
            sx={{ flex: 1, minWidth: 220 }}
          />
          {data && (
            <Chip color="success" variant="outlined" label={t('links.pendingCount', { count: data.pendingCount })} />
          )}
          <Button
            variant="contained"
            startIcon={<AddLinkOutlined />}
            onClick={() => setIssuing(true)}
            data-testid="issue-upload-link"
          >
            {t('links.issue')}
          </Button>
        </Stack>
      </Paper>

      <Paper variant="outlined">
        <DataTable
          rows={data?.collection}
          testId="magic-links-table"
          variant="plain"
          stickyHeader={false}
          emptyText={t('links.empty')}
          rowKey={(l) => l.id}
          rowTestId={(l) => `magic-link-${l.email}`}
          rowSx={() => ({ verticalAlign: 'top' })}
          columns={[
            {
              field: 'email',
              header: t('links.columns.user'),
              render: (l) => (
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {l.userDisplayName ?? l.email}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {l.email}
                  </Typography>
                </>
              ),
            },
            {
              field: 'purpose',
              header: t('links.columns.purpose'),
              render: (l) => <Chip size="small" variant="outlined" label={t(`links.purposes.${l.purpose}`)} />,
            },
            {
              field: 'jobName',
              header: t('links.columns.job'),
              render: (l) =>
                l.jobName ? (
                  <>
                    <Typography variant="body2">{l.jobName}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {l.issuerName}
                    </Typography>
                  </>
                ) : (
                  '—'
                ),
            },
            {
              field: 'createdAt',
              header: t('links.columns.created'),
              render: (l) => (
                <>
                  <Typography variant="body2">{formatDateTime(l.createdAt)}</Typography>
                  {l.issuedBy && (
                    <Typography variant="caption" color="text.secondary">
                      {t('links.by', { name: l.issuedBy })}
                    </Typography>
                  )}
                </>
              ),
            },
            { field: 'expiresAt', header: t('links.columns.expires'), render: (l) => formatDateTime(l.expiresAt) },
            {
              field: 'usedAt',
              header: t('links.columns.used'),
              render: (l) => (
                <>
                  <Typography variant="body2">{l.usedAt ? formatDateTime(l.usedAt) : '—'}</Typography>
                  {l.purpose === 'job-upload' && (
                    <Typography variant="caption" color="text.secondary">
                      {t('links.uploads', { count: l.useCount })}
                    </Typography>
                  )}
                </>
              ),
            },
            {
              field: 'state',
              header: t('links.columns.state'),
              render: (l) => (
                <>
                  <Chip size="small" color={STATE_COLOR[l.state]} label={t(`links.states.${l.state}`)} />
                  {l.revokedBy && (
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {t('links.by', { name: l.revokedBy })}
                    </Typography>
                  )}
                </>
              ),
            },
            {
              field: 'actions',
              header: '',
              align: 'right',
              render: (l) =>
                l.state === 'Pending' && (
                  <Button size="small" color="error" onClick={() => setRevoking(l)} data-testid="revoke-link">
                    {t('links.revoke')}
                  </Button>
                ),
            },
          ]}
        />
        <TablePagination
          component="div"
          count={data?.totalCount ?? 0}
          page={data && page * pageSize < data.totalCount ? page : 0}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[25, 50, 100]}
          onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), setPage(0))}
          labelRowsPerPage={t('rows')}
        />
      </Paper>

      {issuing && (
        <IssueDialog onClose={() => setIssuing(false)} onIssued={(c) => (setIssuing(false), setCreated(c))} />
      )}
      {created && <CreatedDialog created={created} onClose={() => setCreated(null)} />}
      {revoking && (
        <Dialog open onClose={() => setRevoking(null)}>
          <DialogTitle>{t('links.revokeTitle')}</DialogTitle>
          <DialogContent>
            <Typography>{t('links.revokeText', { email: revoking.email, job: revoking.jobName ?? '—' })}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setRevoking(null)}>{t('no')}</Button>
            <PendingButton
              color="error"
              variant="contained"
              pending={revoke.isPending}
              onClick={() => revoke.mutate(revoking.id)}
              data-testid="confirm-revoke"
            >
              {t('links.revoke')}
            </PendingButton>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}

/** A link just issued, shown once: an upload link, or a Merge magic link (the client connects their accounting system). */
interface TCreatedLink {
  kind: 'upload' | 'merge';
  url: string;
  email: string;
  jobName: string;
  expiresAt: string;
}

const fromUploadLink = (c: TUploadLinkCreated): TCreatedLink => ({
  kind: 'upload',
  url: c.url,
  email: c.link.email,
  jobName: c.link.jobName ?? '',
  expiresAt: c.link.expiresAt,
});

function IssueDialog({ onClose, onIssued }: { onClose: () => void; onIssued: (c: TCreatedLink) => void }) {
  const { t } = useTranslation('admin-accounts');
  const [jobSearch, setJobSearch] = useState('');
  const [job, setJob] = useState<TAuthMappedJobArtifact | null>(null);
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [days, setDays] = useState(String(UPLOAD_LINK_DEFAULT_DAYS));
  const [send, setSend] = useState(false);
  const [kind, setKind] = useState<'upload' | 'merge'>('upload');
  const jobs = useQuery({
    queryKey: ['jobs', 'pick', jobSearch],
    queryFn: () =>
      fetchJobList({
        pageSize: 20,
        orderBy: { propertyName: 'createdOn', direction: 'desc' },
        ...(jobSearch
          ? {
              filters: {
                filterItems: [{ propertyName: 'name', itemComparisonOperator: 'Contains', itemValue: jobSearch }],
              },
            }
          : {}),
      }),
    meta: { operation: 'Loading jobs' },
  }).data;
  const issue = useFormMutation({
    mutationFn: issueUploadLink,
    operation: 'Issuing an upload link',
    invalidate: [magicLinkKeys.all],
    onSuccess: (c) => onIssued(fromUploadLink(c)),
  });
  const merge = useFormMutation({
    mutationFn: issueMergeMagicLink,
    operation: 'Creating a Merge magic link',
    invalidate: [magicLinkKeys.all],
    onSuccess: (c) =>
      onIssued({
        kind: 'merge',
        url: c.url,
        email: c.connection.endUserEmail,
        jobName: job?.name ?? '',
        expiresAt: c.connection.linkExpiresAt ?? '',
      }),
  });
  const current = kind === 'merge' ? merge : issue;
  const general = current.error && !Object.keys(current.errors).length ? current.error.message : null;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t('links.issueTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <RadioGroup row value={kind} onChange={(e) => setKind(e.target.value as 'upload' | 'merge')}>
            <FormControlLabel value="upload" control={<Radio />} label={t('links.kindUpload')} />
            <FormControlLabel
              value="merge"
              control={<Radio />}
              label={t('links.kindMerge')}
              data-testid="merge-magic-link-kind"
            />
          </RadioGroup>
          <Typography variant="body2" color="text.secondary">
            {kind === 'merge' ? t('links.mergeIntro') : t('links.issueIntro')}
          </Typography>
          <Autocomplete
            options={jobs?.collection ?? []}
            value={job}
            onChange={(_, v) => setJob(v)}
            onInputChange={(_, v, reason) => reason === 'input' && setJobSearch(v)}
            getOptionLabel={(j) => j.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(x) => x}
            renderOption={(props, j) => (
              <li {...props} key={j.id}>
                <Box>
                  <Typography variant="body2">{j.name}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {j.issuerName} · {j.buyerName ?? '—'}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('links.job')}
                required
                error={!!current.errors.jobId}
                helperText={current.errors.jobId}
                slotProps={{ htmlInput: { ...p.inputProps, 'data-testid': 'upload-link-job' } }}
              />
            )}
          />
          <TextField
            label={t('links.email')}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={!!current.errors.email}
            helperText={current.errors.email}
            slotProps={{ htmlInput: { 'data-testid': 'upload-link-email' } }}
          />
          {kind === 'upload' && (
            <>
              <TextField
                label={t('links.displayName')}
                value={displayName}
                onChange={(e) => setDisplayName(e.target.value)}
              />
              <TextField
                label={t('links.days')}
                type="number"
                value={days}
                onChange={(e) => setDays(e.target.value)}
                error={!!issue.errors.expiresInDays}
                helperText={issue.errors.expiresInDays ?? t('links.daysHelp', { max: UPLOAD_LINK_MAX_DAYS })}
                slotProps={{ htmlInput: { min: 1, max: UPLOAD_LINK_MAX_DAYS } }}
              />
              <FormControlLabel
                control={<Checkbox checked={send} onChange={(e) => setSend(e.target.checked)} />}
                label={t('links.sendEmail')}
              />
            </>
          )}
          {general && <Alert severity="error">{general}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <PendingButton
          variant="contained"
          pending={current.isPending}
          onClick={() =>
            kind === 'merge'
              ? merge.mutate({ jobId: job?.id ?? '', email })
              : issue.mutate({
                  jobId: job?.id ?? '',
                  email,
                  ...(displayName.trim() ? { displayName } : {}),
                  expiresInDays: Number(days),
                  sendEmail: send,
                })
          }
          data-testid="upload-link-submit"
        >
          {t('links.issueSubmit')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}

function CreatedDialog({ created, onClose }: { created: TCreatedLink; onClose: () => void }) {
  const { t } = useTranslation('admin-accounts');
  const [copied, setCopied] = useState(false);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{created.kind === 'merge' ? t('links.mergeCreatedTitle') : t('links.createdTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('links.shownOnce')}</Alert>
          <Typography variant="body2">
            {t('links.createdText', {
              email: created.email,
              job: created.jobName,
              date: formatDateTime(created.expiresAt),
            })}
          </Typography>
          <TextField
            value={created.url}
            fullWidth
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'created-link-url' } }}
            onFocus={(e) => e.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopyOutlined />}
          onClick={() => void navigator.clipboard?.writeText(created.url).then(() => setCopied(true))}
        >
          {copied ? t('links.copied') : t('links.copy')}
        </Button>
        <Button variant="contained" onClick={onClose} data-testid="created-link-close">
          {t('links.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
