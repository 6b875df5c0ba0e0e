/** /admin/analysis-admin/ai-prompts (AiPrompts_CRUD): each prompt use with its active version and all versions. */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import type { TAiPromptUse } from '@sextant/shared/values';
import { aiPromptKeys, aiPromptsQuery, activateAiPrompt, revertToDefaultAiPrompt } from '../../api/ai-prompts.ts';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

export const PROMPTS_BASE = '/admin/analysis-admin/ai-prompts';

export function Component() {
  const { t } = useTranslation('ai-prompts');
  const qc = useQueryClient();
  const uses = useQuery(aiPromptsQuery());
  const refresh = () => qc.invalidateQueries({ queryKey: aiPromptKeys.all });
  const activate = useMutation({
    mutationFn: activateAiPrompt,
    onSuccess: (p) => {
      notify('success', t('activated', { version: p.version }));
      void refresh();
    },
    onError: (e) => notifyError(e, 'Activate AI prompt'),
  });
  const useDefault = useMutation({
    mutationFn: (use: TAiPromptUse) => revertToDefaultAiPrompt(use),
    onSuccess: () => {
      notify('success', t('usedDefault'));
      void refresh();
    },
    onError: (e) => notifyError(e, 'Use default AI prompt'),
  });
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('intro', { example: '{{name}}', interpolation: { escapeValue: false } })}
      </Typography>
      {(uses.data ?? []).map((u) => (
        <Card key={u.use} variant="outlined" data-testid={`prompt-use-${u.use}`}>
          <CardContent>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
              <Typography variant="h6" sx={{ fontSize: 17 }}>
                {u.label}
              </Typography>
              <Chip
                size="small"
                color={u.activeVersion ? 'success' : 'default'}
                label={u.activeVersion ? t('activeVersion', { version: u.activeVersion }) : t('usingDefault')}
                data-testid="prompt-active"
              />
              <Box sx={{ flex: 1 }} />
              {u.activeVersion && (
                <Button size="small" onClick={() => useDefault.mutate(u.use)}>
                  {t('useDefault')}
                </Button>
              )}
              <Button
                size="small"
                variant="contained"
                startIcon={<AddRounded />}
                component={RouterLink}
                to={`${PROMPTS_BASE}/create?use=${u.use}`}
                data-testid={`prompt-new-${u.use}`}
              >
                {t('newVersion')}
              </Button>
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {u.description}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('variables')}: {u.variables.map((v) => `{{${v}}}`).join(', ')}
            </Typography>
            {u.versions.length === 0 ? (
              <Typography variant="body2" sx={{ mt: 1.5 }} color="text.secondary">
                {t('noVersions')}
              </Typography>
            ) : (
              <Box sx={{ mt: 1.5 }}>
                <DataTable
                  rows={u.versions}
                  variant="plain"
                  rowKey={(v) => v.id}
                  rowTestId={() => 'prompt-version-row'}
                  columns={[
                    { field: 'version', header: t('version') },
                    {
                      field: 'name',
                      header: t('name'),
                      render: (v) => <RouterLink to={`${PROMPTS_BASE}/${v.id}`}>{v.name}</RouterLink>,
                    },
                    { field: 'createdBy', header: t('createdBy'), render: (v) => v.createdBy ?? '—' },
                    { field: 'createdAt', header: t('createdAt'), render: (v) => formatDateTime(v.createdAt) },
                    {
                      field: 'active',
                      header: t('active'),
                      render: (v) => (v.active ? <Chip size="small" color="success" label={t('active')} /> : '—'),
                    },
                    {
                      field: 'actions',
                      header: '',
                      align: 'right',
                      render: (v) =>
                        !v.active && (
                          <Button size="small" onClick={() => activate.mutate(v.id)} data-testid="prompt-activate">
                            {t('activate')}
                          </Button>
                        ),
                    },
                  ]}
                />
              </Box>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
