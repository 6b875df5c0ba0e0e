/** The test box: sample values for a prompt's variables, rendered by the server exactly as a call would be. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { promptVariables } from '@sextant/shared/values';
import { renderAiPrompt } from '../../api/ai-prompts.ts';
import { notifyError } from '../../components/notifications/notification-store.ts';

export function PromptTestBox({ text }: { text: string }) {
  const { t } = useTranslation('ai-prompts');
  const vars = promptVariables(text);
  const [values, setValues] = useState<Record<string, string>>({});
  const render = useMutation({
    mutationFn: () => renderAiPrompt(text, Object.fromEntries(vars.map((v) => [v, values[v] ?? '']))),
    onError: (e) => notifyError(e, 'Render AI prompt'),
  });
  return (
    <Stack spacing={1.5} data-testid="prompt-test">
      <Typography variant="subtitle2">{t('test')}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('testIntro')}
      </Typography>
      {vars.map((v) => (
        <TextField
          key={v}
          label={`{{${v}}}`}
          size="small"
          multiline
          maxRows={6}
          value={values[v] ?? ''}
          onChange={(e) => setValues((s) => ({ ...s, [v]: e.target.value }))}
          slotProps={{ htmlInput: { 'data-testid': `prompt-var-${v}` } }}
        />
      ))}
      <Box>
        <Button variant="outlined" onClick={() => render.mutate()} data-testid="prompt-render">
          {t('render')}
        </Button>
      </Box>
      {render.data && (
        <>
          {render.data.missing.length > 0 && (
            <Alert severity="warning">{t('missing', { names: render.data.missing.join(', ') })}</Alert>
          )}
          <Typography variant="caption" color="text.secondary">
            {t('rendered')}
          </Typography>
          <Box
            component="pre"
            data-testid="prompt-rendered"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: 'action.hover',
              borderRadius: 1,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              fontSize: 13,
              maxHeight: 360,
              overflow: 'auto',
            }}
          >
            {render.data.rendered}
          </Box>
        </>
      )}
    </Stack>
  );
}
