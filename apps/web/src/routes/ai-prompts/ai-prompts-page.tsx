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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import type { TAiPromptUse } from '@sextant/shared/values';
import { aiPromptKeys, aiPromptsQuery, activateAiPrompt, revertToDefaultAiPrompt } from '../../api/ai-prompts.ts';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { formatDateTime } from '../admin/admin-ui.tsx';

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
              <Table size="small" sx={{ mt: 1.5 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('version')}</TableCell>
                    <TableCell>{t('name')}</TableCell>
                    <TableCell>{t('createdBy')}</TableCell>
                    <TableCell>{t('createdAt')}</TableCell>
                    <TableCell>{t('active')}</TableCell>
                    <TableCell align="right" />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {u.versions.map((v) => (
                    <TableRow key={v.id} hover data-testid="prompt-version-row">
                      <TableCell>{v.version}</TableCell>
                      <TableCell>
                        <RouterLink to={`${PROMPTS_BASE}/${v.id}`}>{v.name}</RouterLink>
                      </TableCell>
                      <TableCell>{v.createdBy ?? '—'}</TableCell>
                      <TableCell>{formatDateTime(v.createdAt)}</TableCell>
                      <TableCell>
                        {v.active ? <Chip size="small" color="success" label={t('active')} /> : '—'}
                      </TableCell>
                      <TableCell align="right">
                        {!v.active && (
                          <Button size="small" onClick={() => activate.mutate(v.id)} data-testid="prompt-activate">
                            {t('activate')}
                          </Button>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
