/** /admin/analysis-admin/ai-prompts/:promptId: one version with its text, variables, activation and the test box. */
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AI_PROMPT_USE_INFO } from '@sextant/shared/values';
import { aiPromptKeys, aiPromptQuery, activateAiPrompt } from '../../api/ai-prompts.ts';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { Field, FieldGrid } from '../../components/field.tsx';
import { formatDateTime } from '../../lib/date-time.ts';
import { PromptTestBox } from './prompt-test-box.tsx';
import { PROMPTS_BASE } from './ai-prompts-page.tsx';

export function Component() {
  const { t } = useTranslation('ai-prompts');
  const { promptId = '' } = useParams();
  const qc = useQueryClient();
  const prompt = useQuery(aiPromptQuery(promptId));
  const activate = useMutation({
    mutationFn: () => activateAiPrompt(promptId),
    onSuccess: (p) => {
      notify('success', t('activated', { version: p.version }));
      void qc.invalidateQueries({ queryKey: aiPromptKeys.all });
    },
    onError: (e) => notifyError(e, 'Activate AI prompt'),
  });
  const p = prompt.data;
  if (!p) return null;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={PROMPTS_BASE} size="small">
          ← {t('back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {p.active ? (
          <Chip color="success" label={t('active')} data-testid="prompt-is-active" />
        ) : (
          <Button variant="contained" onClick={() => activate.mutate()} data-testid="prompt-activate">
            {t('activate')}
          </Button>
        )}
        <Button variant="outlined" component={RouterLink} to={`${PROMPTS_BASE}/create?use=${p.use}&from=${p.id}`}>
          {t('newFromThis')}
        </Button>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <FieldGrid>
          <Field label={t('use')}>{AI_PROMPT_USE_INFO[p.use].label}</Field>
          <Field label={t('version')}>{p.version}</Field>
          <Field label={t('name')}>{p.name}</Field>
          <Field label={t('createdBy')}>{p.createdBy}</Field>
          <Field label={t('createdAt')}>{formatDateTime(p.createdAt)}</Field>
          <Field label={t('activatedAt')}>{formatDateTime(p.activatedAt)}</Field>
        </FieldGrid>
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 2 }}>
          {t('text')}
        </Typography>
        <Box
          component="pre"
          data-testid="prompt-text"
          sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, whiteSpace: 'pre-wrap', fontSize: 13 }}
        >
          {p.text}
        </Box>
        <Typography variant="caption" color="text.secondary">
          {t('variables')}: {p.variables.map((v) => `{{${v}}}`).join(', ') || '—'}
        </Typography>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <PromptTestBox text={p.text} />
      </Paper>
    </Stack>
  );
}
