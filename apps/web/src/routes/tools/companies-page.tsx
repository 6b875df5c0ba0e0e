/**
 * /tools/companies-house: search the company register (imported files) and the reference network by name or
 * number; officers where the register file has them. The register import takes a CSV in the documented layout.
 */
import { useDeferredValue, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchRounded from '@mui/icons-material/SearchRounded';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import KeyboardArrowUpRounded from '@mui/icons-material/KeyboardArrowUpRounded';
import { COMPANY_REGISTER_COLUMNS, type TCompany } from '@sextant/shared/values';
import { companiesQuery, importRegister, registerStatusQuery, toolKeys } from '../../api/tools.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatCount } from '../../lib/format.ts';
import { Panel } from './tool-card.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const companyKey = (c: TCompany) => `${c.source}-${c.number}`;

function CompanyTable({ results }: { results: TCompany[] }) {
  const { t } = useTranslation('tools');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((s) => {
      const n = new Set(s);
      if (n.has(key)) n.delete(key);
      else n.add(key);
      return n;
    });
  return (
    <DataTable
      rows={results}
      testId="companies-results"
      variant="plain"
      stickyHeader={false}
      hover
      rowKey={companyKey}
      rowTestId={() => 'company-row'}
      rowDetail={(c) =>
        open.has(companyKey(c)) &&
        Boolean(c.officers?.length) && (
          <Box sx={{ pl: 6 }} data-testid="company-officers">
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
              {t('companies.officers')}
            </Typography>
            {c.officers!.map((o, i) => (
              <Typography key={i} variant="body2">
                {o.name}
                {o.role ? ` — ${o.role}` : ''}
                {o.appointedOn ? ` (${t('companies.appointed', { date: o.appointedOn })})` : ''}
              </Typography>
            ))}
          </Box>
        )
      }
      columns={[
        {
          id: 'officers',
          header: '',
          padding: 'checkbox',
          render: (c) =>
            Boolean(c.officers?.length) && (
              <IconButton size="small" aria-label={t('companies.officers')} onClick={() => toggle(companyKey(c))}>
                {open.has(companyKey(c)) ? <KeyboardArrowUpRounded /> : <KeyboardArrowDownRounded />}
              </IconButton>
            ),
        },
        { field: 'name', header: t('companies.col.name'), cellSx: { fontWeight: 600 } },
        { field: 'number', header: t('companies.col.number'), cellSx: { fontFamily: 'monospace' } },
        {
          field: 'source',
          header: t('companies.col.source'),
          render: (c) => <Chip size="small" variant="outlined" label={t(`companies.source.${c.source}`)} />,
        },
        { field: 'status', header: t('companies.col.status'), render: (c) => c.status ?? '—' },
        {
          field: 'address',
          header: t('companies.col.address'),
          cellSx: { maxWidth: 320 },
          render: (c) => c.address ?? '—',
        },
        {
          field: 'incorporationDate',
          header: t('companies.col.incorporated'),
          render: (c) => c.incorporationDate ?? '—',
        },
        {
          id: 'industry',
          header: t('companies.col.industry'),
          render: (c) => (c.sic.length ? c.sic.join(', ') : c.mcc ? `MCC ${c.mcc}` : '—'),
        },
      ]}
    />
  );
}

export function Component() {
  const { t } = useTranslation('tools');
  const qc = useQueryClient();
  const [q, setQ] = useState('');
  const [source, setSource] = useState<'all' | 'network' | 'register'>('all');
  const deferred = useDeferredValue(q.trim());
  const search = useQuery(companiesQuery(deferred, source));
  const status = useQuery(registerStatusQuery()).data;
  const [files, setFiles] = useState<File[]>([]);
  const upload = useMutation({
    mutationFn: () => importRegister(files[0]!),
    onSuccess: (r) => {
      notify('success', r.message);
      setFiles([]);
      void qc.invalidateQueries({ queryKey: toolKeys.all });
    },
    onError: (e) => notifyError(e, 'Importing the company register'),
  });
  const results = search.data?.results ?? [];
  const skipped = search.data?.sources.filter((s) => !s.searched) ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', xl: '3fr 1fr' }, alignItems: 'start' }}>
      <Panel title={t('companies.searchTitle')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            fullWidth
            size="small"
            autoFocus
            placeholder={t('companies.searchPlaceholder')}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded />
                  </InputAdornment>
                ),
              },
              htmlInput: { 'data-testid': 'companies-search' },
            }}
          />
          <TextField
            select
            size="small"
            label={t('companies.sourceLabel')}
            value={source}
            onChange={(e) => setSource(e.target.value as typeof source)}
            sx={{ minWidth: 200 }}
          >
            {(['all', 'register', 'network'] as const).map((s) => (
              <MenuItem key={s} value={s}>
                {t(`companies.source.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {search.isFetching && <LinearProgress sx={{ mb: 1 }} />}
        {skipped.map((s) => (
          <Alert key={s.source} severity="info" sx={{ mb: 1 }}>
            {s.note}
          </Alert>
        ))}
        {deferred.length < 2 ? (
          <Typography color="text.secondary" variant="body2">
            {t('companies.hint')}
          </Typography>
        ) : !search.isFetching && !results.length ? (
          <Typography color="text.secondary" variant="body2" data-testid="companies-empty">
            {t('companies.none', { q: deferred })}
          </Typography>
        ) : (
          <CompanyTable results={results} />
        )}
      </Panel>
      <Panel title={t('companies.registerTitle')} testId="register-panel">
        <Stack spacing={2}>
          <Typography variant="body2" data-testid="register-size">
            {t('companies.registerSize', {
              entries: formatCount(status?.entries ?? 0),
              officers: formatCount(status?.withOfficers ?? 0),
            })}
          </Typography>
          <FileUpload files={files} onChange={setFiles} accept=".csv,text/csv" name="register" />
          <PendingButton
            variant="contained"
            pending={upload.isPending}
            disabled={!files.length}
            onClick={() => upload.mutate()}
            data-testid="register-import"
          >
            {t('companies.import')}
          </PendingButton>
          <Box>
            <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
              {t('companies.columns')}
            </Typography>
            {COMPANY_REGISTER_COLUMNS.map((c) => (
              <Typography key={c.key} variant="body2" sx={{ fontSize: 13 }}>
                <code>{c.key}</code>
                {c.required ? ' *' : ''} — {t(`companies.column.${c.key}`)}
              </Typography>
            ))}
          </Box>
          {Boolean(status?.imports.length) && (
            <Box>
              <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, textTransform: 'uppercase' }}>
                {t('companies.imports')}
              </Typography>
              {status!.imports.slice(0, 5).map((i) => (
                <Typography key={i.id} variant="body2" sx={{ fontSize: 13 }}>
                  {i.fileName} · {formatCount(i.rows)} · {new Date(i.importedAt).toLocaleString()}
                </Typography>
              ))}
            </Box>
          )}
        </Stack>
      </Panel>
    </Box>
  );
}
