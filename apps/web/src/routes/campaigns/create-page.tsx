/**
 * /jobs/:jobId/campaign-workflows/new/create: a workflow from a use case or from the suppliers table's selection
 * (its filters, search and slicer arrive in the URL: ?filters=[…]&search=…&slicer=…&slicerValue=…, or ?useCaseId=).
 */
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputLabel from '@mui/material/InputLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TFilterItem, TSlicer, TSupplierSelection } from '@sextant/shared/values';
import { campaignKeys, createWorkflow, workflowSourcesQuery } from '../../api/campaigns.ts';
import { isApiError } from '../../api/client.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatAmount, formatCount } from '../../lib/format.ts';
import { JobLayout } from '../jobs/job-layout.tsx';
import { NS } from './parts.tsx';

function selectionFrom(search: URLSearchParams): Partial<TSupplierSelection> | null {
  const raw = search.get('filters');
  const s = search.get('search') ?? undefined;
  const slicer = (search.get('slicer') as TSlicer | null) ?? undefined;
  if (!raw && !s && !slicer) return null;
  let filters: TFilterItem[];
  try {
    filters = raw ? (JSON.parse(raw) as TFilterItem[]) : [];
  } catch {
    filters = [];
  }
  return {
    filters,
    ...(s ? { search: s } : {}),
    ...(slicer ? { slicer, slicerValue: search.get('slicerValue') ?? undefined } : {}),
  };
}

export function Component() {
  return <JobLayout>{(job) => <CreateWorkflow jobId={job.id} />}</JobLayout>;
}

function CreateWorkflow({ jobId }: { jobId: string }) {
  const { t } = useTranslation(NS);
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const selection = useMemo(() => selectionFrom(search), [search]);
  const sources = useQuery(workflowSourcesQuery(jobId));
  const [source, setSource] = useState<'useCase' | 'filter'>(selection ? 'filter' : 'useCase');
  const [useCaseId, setUseCaseId] = useState(search.get('useCaseId') ?? '');
  const [name, setName] = useState('');
  const create = useMutation({
    mutationFn: () =>
      createWorkflow(jobId, {
        name: name.trim(),
        ...(source === 'useCase' ? { useCaseId } : { filter: selection ?? { filters: [] } }),
      }),
    onSuccess: (d) => {
      void qc.invalidateQueries({ queryKey: campaignKeys.all });
      void navigate(`/jobs/${encodeURIComponent(jobId)}/campaign-workflows/${encodeURIComponent(d.id)}`);
    },
  });
  const uc = sources.data?.useCases.find((u) => u.useCaseId === useCaseId);
  const nameError =
    create.error && isApiError(create.error) ? create.error.errors?.find((e) => e.path === 'name') : undefined;
  // "best route = X" may name only a route the job's issuer offers now (the run may predate a withdrawn product).
  const unoffered = (selection?.filters ?? [])
    .filter((f) => f.propertyName === 'bestRoute' && f.itemComparisonOperator === 'Equal')
    .map((f) => String(f.itemValue ?? ''))
    .filter((r) => sources.data && !(sources.data.routes as string[]).includes(r));
  const canSubmit = name.trim().length > 0 && (source === 'filter' ? unoffered.length === 0 : Boolean(useCaseId));
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }} data-testid="campaign-create-page">
      <div>
        <Typography variant="h5" component="h2">
          {t('create.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('create.subtitle')}
        </Typography>
      </div>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Stack spacing={2.5}>
          <TextField
            label={t('create.name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            error={Boolean(nameError)}
            helperText={nameError?.message}
            inputProps={{ maxLength: 200 }}
          />
          <RadioGroup row value={source} onChange={(e) => setSource(e.target.value as 'useCase' | 'filter')}>
            <FormControlLabel value="useCase" control={<Radio />} label={t('create.fromUseCase')} />
            <FormControlLabel value="filter" control={<Radio />} label={t('create.fromFilter')} disabled={!selection} />
          </RadioGroup>
          {source === 'useCase' ? (
            <FormControl fullWidth>
              <InputLabel id="uc-label">{t('create.useCase')}</InputLabel>
              <Select
                labelId="uc-label"
                label={t('create.useCase')}
                value={sources.data ? useCaseId : ''}
                onChange={(e) => setUseCaseId(e.target.value)}
                data-testid="campaign-use-case"
              >
                {(sources.data?.useCases ?? []).map((u) => (
                  <MenuItem key={u.useCaseId} value={u.useCaseId} disabled={u.supplierCount === 0}>
                    {u.name} — {t('create.suppliers', { count: u.supplierCount })}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          ) : (
            <Alert severity="info" data-testid="campaign-selection">
              {t('create.selection', {
                filters: selection?.filters?.length ?? 0,
                search: selection?.search ?? '—',
              })}
            </Alert>
          )}
          {!selection && (
            <Typography variant="caption" color="text.secondary">
              {t('create.filterHint')}
            </Typography>
          )}
          {source === 'useCase' && uc && sources.data && (
            <Typography variant="body2" color="text.secondary">
              {t('create.willEnrol', {
                count: uc.supplierCount,
                n: formatCount(uc.supplierCount),
                spend: formatAmount(uc.spend, sources.data.currency),
              })}
            </Typography>
          )}
          {source === 'filter' && unoffered.length > 0 && (
            <Alert severity="warning" data-testid="campaign-route-not-offered">
              {t('create.routeNotOffered', {
                routes: unoffered
                  .map((r) => t(`supplier.routes.names.${r}`, { ns: 'suppliers', defaultValue: r }))
                  .join(', '),
              })}
            </Alert>
          )}
          {create.error && <Alert severity="error">{create.error.message}</Alert>}
          {sources.isError && <Alert severity="error">{sources.error.message}</Alert>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <PendingButton
              variant="contained"
              pending={create.isPending}
              disabled={!canSubmit}
              onClick={() => create.mutate()}
            >
              {t('create.submit')}
            </PendingButton>
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
