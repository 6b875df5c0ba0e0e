/** The workflow page's waves: route, stage, schedule, counters, emails with outreach progress; a new wave. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  CAMPAIGN_COUNTER_KEYS,
  CAMPAIGN_ROUTE_LABELS,
  CAMPAIGN_ROUTES,
  CAMPAIGN_STAGE_TRANSITIONS,
  type TCampaign,
  type TCampaignRoute,
} from '@sextant/shared/values';
import { createCampaign, updateCampaign } from '../../api/campaigns.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { formatCount, formatPercent } from '../../lib/format.ts';
import { NS, StageChip, type TWorkflowPartProps } from './parts.tsx';
import { WorkflowDialog, type TWorkflowDialogProps } from './workflow-dialog.tsx';
import { Outreach } from './workflow-outreach.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Waves({ jobId, d, canEdit, onChange }: TWorkflowPartProps) {
  const { t } = useTranslation(NS);
  const [adding, setAdding] = useState(false);
  const [outreach, setOutreach] = useState<TCampaign | null>(null);
  const stage = useMutation({
    mutationFn: (v: { c: TCampaign; to: TCampaign['stageStatus'] }) =>
      updateCampaign(jobId, d.id, v.c.id, { stageStatus: v.to }),
    meta: { silent: true },
    onSuccess: onChange,
    onError: (e) => notify('error', e.message),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {t('waves.title')}
        </Typography>
        {canEdit && (
          <Button variant="contained" size="small" onClick={() => setAdding(true)} disabled={d.unassigned === 0}>
            {t('waves.add')}
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('waves.unassigned', { count: d.unassigned })}
      </Typography>
      {d.campaigns.length === 0 ? (
        <Typography color="text.secondary">{t('waves.none')}</Typography>
      ) : (
        <DataTable
          rows={d.campaigns}
          testId="waves"
          variant="plain"
          stickyHeader={false}
          tableSx={{ '& th, & td': { px: 1 } }}
          rowKey={(c) => c.id}
          rowTestId={(c) => `wave-${c.name}`}
          columns={[
            {
              field: 'name',
              header: t('waves.name'),
              cellSx: { minWidth: 170 },
              render: (c) => (
                <>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {c.name}
                  </Typography>
                  {canEdit && (
                    <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }}>
                      {c.stageStatus !== 'Completed' && (
                        <Button size="small" variant="outlined" onClick={() => setOutreach(c)}>
                          {t('waves.outreach')}
                        </Button>
                      )}
                      {CAMPAIGN_STAGE_TRANSITIONS[c.stageStatus].map((to) => (
                        <Button
                          key={to}
                          size="small"
                          onClick={() => stage.mutate({ c, to })}
                          disabled={stage.isPending}
                        >
                          {t(`waves.to${to}`)}
                        </Button>
                      ))}
                    </Stack>
                  )}
                </>
              ),
            },
            { field: 'route', header: t('workflow.route'), render: (c) => CAMPAIGN_ROUTE_LABELS[c.route] },
            { field: 'stageStatus', header: t('waves.stage'), render: (c) => <StageChip stage={c.stageStatus} /> },
            {
              field: 'scheduledStart',
              header: t('waves.start'),
              cellSx: { whiteSpace: 'nowrap' },
              render: (c) => formatDateTime(c.scheduledStart, { dateStyle: 'medium' }),
            },
            ...CAMPAIGN_COUNTER_KEYS.map((k) => ({
              id: k,
              header: t(`counters.${k}`),
              align: 'right' as const,
              cellSx: { fontVariantNumeric: 'tabular-nums' },
              cellAttributes: (c: TCampaign) => ({ 'data-testid': `wave-counters-${c.name}-${k}` }),
              render: (c: TCampaign) => formatCount(c.counters[k]),
            })),
            {
              id: 'conversion',
              header: t('waves.conversion'),
              align: 'right' as const,
              cellSx: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
              cellAttributes: (c: TCampaign) => ({ 'data-testid': `wave-conversion-${c.name}` }),
              render: (c: TCampaign) =>
                c.conversion ? (
                  <Tooltip
                    title={t(`waves.conversionHelp.${c.conversion.source}`, {
                      decided: c.conversion.decided,
                    })}
                  >
                    <span>
                      {t('waves.conversionValue', {
                        achieved: formatPercent(c.conversion.achievedPct),
                        predicted: formatPercent(c.conversion.predictedPct),
                      })}
                    </span>
                  </Tooltip>
                ) : (
                  '—'
                ),
            },
            {
              id: 'emails',
              header: t('waves.emails'),
              cellSx: { minWidth: 110 },
              cellAttributes: (c) => ({ 'data-testid': `wave-emails-${c.name}` }),
              render: (c) => {
                const busy = c.outreach && ['Pending', 'InProgress', 'Blocked'].includes(c.outreach.state);
                return (
                  <>
                    {t('waves.emailCounts', {
                      sent: c.emails.sent,
                      bounced: c.emails.bounced,
                      failed: c.emails.failed,
                    })}
                    {busy && (
                      <Box sx={{ mt: 0.5 }}>
                        <LinearProgress variant="determinate" value={c.outreach?.progressPercent ?? 0} />
                        <Typography variant="caption" color="text.secondary">
                          {c.outreach?.progressMessage ?? t('waves.sending')}
                        </Typography>
                      </Box>
                    )}
                  </>
                );
              },
            },
          ]}
        />
      )}
      {adding && <NewWave jobId={jobId} d={d} onClose={() => setAdding(false)} onDone={onChange} />}
      {outreach && <Outreach jobId={jobId} d={d} c={outreach} onClose={() => setOutreach(null)} onDone={onChange} />}
    </Paper>
  );
}

function NewWave({ jobId, d, onClose, onDone }: TWorkflowDialogProps) {
  const { t } = useTranslation(NS);
  const [name, setName] = useState(t('waves.defaultName', { n: d.campaigns.length + 1 }));
  const [route, setRoute] = useState<TCampaignRoute>('Issuer');
  const [count, setCount] = useState(String(Math.min(d.unassigned, 50)));
  const [start, setStart] = useState('');
  const m = useMutation({
    mutationFn: () =>
      createCampaign(jobId, d.id, {
        name,
        route,
        count: Number(count),
        ...(start ? { scheduledStart: new Date(`${start}T09:00:00`).toISOString() } : {}),
      }),
    meta: { silent: true },
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  return (
    <WorkflowDialog
      title={t('waves.add')}
      onClose={onClose}
      action={t('waves.create')}
      onAction={() => m.mutate()}
      pending={m.isPending}
      disabled={!name.trim() || !(Number(count) >= 1)}
      error={m.error}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <TextField label={t('waves.name')} value={name} onChange={(e) => setName(e.target.value)} required />
        <TextField
          select
          label={t('workflow.route')}
          value={route}
          onChange={(e) => setRoute(e.target.value as TCampaignRoute)}
        >
          {CAMPAIGN_ROUTES.map((r) => (
            <MenuItem key={r} value={r}>
              {CAMPAIGN_ROUTE_LABELS[r]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('waves.count')}
          type="number"
          value={count}
          onChange={(e) => setCount(e.target.value)}
          helperText={t('waves.countHelp', { count: d.unassigned })}
          inputProps={{ min: 1, max: d.unassigned }}
        />
        <TextField
          label={t('waves.start')}
          type="date"
          value={start}
          onChange={(e) => setStart(e.target.value)}
          InputLabelProps={{ shrink: true }}
        />
      </Stack>
    </WorkflowDialog>
  );
}
