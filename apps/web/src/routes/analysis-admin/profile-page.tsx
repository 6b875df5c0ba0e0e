/**
 * /admin/analysis-admin/datapoint-profiles/create and /{datapointProfileId}: a profile's name, download kind and
 * columns (datapoint, header, order). A profile an issuer uses keeps its kind and cannot be deleted.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import {
  DATAPOINT_PROFILE_KINDS,
  type TDatapoint,
  type TDatapointProfileColumn,
  type TDatapointProfileKind,
} from '@sextant/shared/values';
import {
  createDatapointProfile,
  datapointProfileKeys,
  datapointProfileQuery,
  datapointProfilesQuery,
  deleteDatapointProfile,
  updateDatapointProfile,
} from '../../api/datapoint-profiles.ts';
import { analysisAdminKeys } from '../../api/analysis-admin.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Section } from '../../components/section.tsx';
import { useFormMutation } from '../../components/form-mutation.ts';
import { PROFILES_PATH } from './profiles-page.tsx';

export function Component() {
  const { t } = useTranslation('analysis-admin');
  const navigate = useNavigate();
  const { datapointProfileId } = useParams();
  const isNew = !datapointProfileId;
  const list = useQuery({ ...datapointProfilesQuery(), meta: { operation: 'Loading datapoint profiles' } });
  const existing = useQuery({
    ...datapointProfileQuery(datapointProfileId ?? ''),
    enabled: !isNew,
    meta: { operation: 'Loading datapoint profile' },
  });
  const [name, setName] = useState('');
  const [kind, setKind] = useState<TDatapointProfileKind>('analysis-data');
  const [columns, setColumns] = useState<TDatapointProfileColumn[]>([
    { datapoint: 'supplierName', header: 'Supplier name' },
  ]);
  useEffect(() => {
    if (existing.data) {
      setName(existing.data.name);
      setKind(existing.data.kind);
      setColumns(existing.data.columns);
    }
  }, [existing.data]);
  const datapoints = useMemo(() => list.data?.datapoints ?? [], [list.data]);
  const byId = useMemo(() => new Map(datapoints.map((d) => [d.datapoint, d])), [datapoints]);
  const invalidate = [datapointProfileKeys.all, analysisAdminKeys.overview()];
  const save = useFormMutation({
    operation: 'Saving datapoint profile',
    mutationFn: () =>
      isNew
        ? createDatapointProfile({ name, kind, columns })
        : updateDatapointProfile(datapointProfileId, { name, kind, columns }),
    invalidate,
    success: t('profile.saved'),
    onSuccess: (p) => isNew && navigate(`${PROFILES_PATH}/${encodeURIComponent(p.id)}`, { replace: true }),
  });
  const remove = useFormMutation({
    operation: 'Deleting datapoint profile',
    mutationFn: () => deleteDatapointProfile(datapointProfileId ?? ''),
    invalidate: [datapointProfileKeys.list(), analysisAdminKeys.overview()],
    success: t('profile.deleted'),
    onSuccess: () => navigate(PROFILES_PATH),
  });
  const used = existing.data?.usedBy ?? [];
  if (!isNew && existing.isLoading) return <Skeleton variant="rounded" height={320} />;
  if (!isNew && !existing.data) return <Alert severity="error">{t('profile.notFound')}</Alert>;
  const errors = save.errors;
  const move = (i: number, d: number) => {
    const next = [...columns];
    const [c] = next.splice(i, 1);
    next.splice(i + d, 0, c!);
    setColumns(next);
  };
  return (
    <Stack sx={{ gap: 2 }}>
      <Section
        title={isNew ? t('profile.newTitle') : name || t('profile.title')}
        action={
          <Stack direction="row" sx={{ gap: 1 }}>
            {!isNew && used.length === 0 && (
              <PendingButton color="error" pending={remove.isPending} onClick={() => remove.mutate(undefined)}>
                {t('profile.delete')}
              </PendingButton>
            )}
            <Button component={RouterLink} to={PROFILES_PATH}>
              {t('profile.back')}
            </Button>
            <PendingButton variant="contained" pending={save.isPending} onClick={() => save.mutate(undefined)}>
              {t('profile.save')}
            </PendingButton>
          </Stack>
        }
      >
        <Stack sx={{ gap: 2 }}>
          {used.length > 0 && (
            <Alert severity="info" data-testid="profile-used-by">
              {t('profile.usedBy', {
                issuers: used.map((u) => `${u.issuerName} (${t(`profiles.kinds.${u.kind}`)})`).join(', '),
              })}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
            <TextField
              label={t('profile.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(errors.name)}
              helperText={errors.name}
              required
              sx={{ flex: 2 }}
            />
            <TextField
              select
              label={t('profile.kind')}
              value={kind}
              onChange={(e) => setKind(e.target.value as TDatapointProfileKind)}
              error={Boolean(errors.kind)}
              helperText={errors.kind ?? (used.length ? t('profile.kindLocked') : undefined)}
              disabled={used.length > 0}
              sx={{ flex: 1 }}
            >
              {DATAPOINT_PROFILE_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`profiles.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
      </Section>
      <Section title={t('profile.columnsTitle', { count: columns.length })}>
        <Stack sx={{ gap: 1 }} data-testid="profile-columns">
          {errors.columns && <Alert severity="error">{errors.columns}</Alert>}
          {columns.map((c, i) => (
            <Stack key={i} direction="row" sx={{ gap: 1, alignItems: 'flex-start' }} data-testid={`column-${i}`}>
              <Typography variant="body2" color="text.secondary" sx={{ width: 28, pt: 1, textAlign: 'right' }}>
                {i + 1}
              </Typography>
              <Autocomplete<TDatapoint, false, true>
                size="small"
                sx={{ flex: 1, minWidth: 200 }}
                options={datapoints}
                groupBy={(d) => d.group}
                getOptionLabel={(d) => d.datapoint}
                renderOption={(props, d) => (
                  <li {...props} key={d.datapoint}>
                    <Box>
                      <Typography variant="body2">{d.datapoint}</Typography>
                      <Typography variant="caption" color="text.secondary">
                        {d.label}
                      </Typography>
                    </Box>
                  </li>
                )}
                value={byId.get(c.datapoint) ?? { datapoint: c.datapoint, label: c.datapoint, group: '' }}
                isOptionEqualToValue={(a, b) => a.datapoint === b.datapoint}
                disableClearable
                onChange={(_, d) =>
                  setColumns(
                    columns.map((x, j) =>
                      j === i
                        ? {
                            datapoint: d.datapoint,
                            header: !x.header || x.header === byId.get(x.datapoint)?.label ? d.label : x.header,
                          }
                        : x,
                    ),
                  )
                }
                renderInput={(p) => (
                  <TextField
                    {...p}
                    label={t('profile.datapoint')}
                    error={Boolean(errors[`columns.${i}.datapoint`])}
                    helperText={errors[`columns.${i}.datapoint`]}
                  />
                )}
              />
              <TextField
                size="small"
                label={t('profile.header')}
                value={c.header}
                onChange={(e) => setColumns(columns.map((x, j) => (j === i ? { ...x, header: e.target.value } : x)))}
                error={Boolean(errors[`columns.${i}.header`])}
                helperText={errors[`columns.${i}.header`]}
                sx={{ flex: 1, minWidth: 200 }}
              />
              <Tooltip title={t('editor.moveUp')}>
                <span>
                  <IconButton
                    size="small"
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={t('editor.moveUp')}
                  >
                    <ArrowUpwardRounded fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('editor.moveDown')}>
                <span>
                  <IconButton
                    size="small"
                    disabled={i === columns.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={t('editor.moveDown')}
                  >
                    <ArrowDownwardRounded fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={t('profile.removeColumn')}>
                <IconButton
                  size="small"
                  onClick={() => setColumns(columns.filter((_, j) => j !== i))}
                  aria-label={t('profile.removeColumn')}
                >
                  <DeleteOutlineRounded fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          ))}
          <Box>
            <Button
              startIcon={<AddRounded />}
              onClick={() => {
                const next = datapoints.find((d) => !columns.some((c) => c.datapoint === d.datapoint));
                if (next) setColumns([...columns, { datapoint: next.datapoint, header: next.label }]);
              }}
            >
              {t('profile.addColumn')}
            </Button>
          </Box>
          {!isNew && (
            <Typography variant="caption" color="text.secondary">
              {t('profile.downloadsNote')}{' '}
              <Link component={RouterLink} to="/admin/issuer-manager">
                {t('profile.issuers')}
              </Link>
            </Typography>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
