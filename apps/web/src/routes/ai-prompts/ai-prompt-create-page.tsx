/**
 * /admin/analysis-admin/ai-prompts/create?use=…&from=…: a new version of a use's prompt, starting from another
 * version or the default text; unknown variables are refused by the server beside the field; test box included.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AI_PROMPT_USE_INFO, AI_PROMPT_USES, type TAiPromptUse } from '@sextant/shared/values';
import { aiPromptKeys, aiPromptQuery, createAiPrompt } from '../../api/ai-prompts.ts';
import { notify } from '../../components/notifications/notification-store.ts';
import { fieldErrorsOf } from '../../components/form-mutation.ts';
import { PromptTestBox } from './prompt-test-box.tsx';
import { PROMPTS_BASE } from './ai-prompts-page.tsx';

function Form({ use: initialUse, initialText }: { use: TAiPromptUse; initialText: string }) {
  const { t } = useTranslation('ai-prompts');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [use, setUse] = useState<TAiPromptUse>(initialUse);
  const [name, setName] = useState('');
  const [text, setText] = useState(initialText);
  const [activate, setActivate] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  async function save() {
    setSaving(true);
    setErrors({});
    try {
      const p = await createAiPrompt({ use, name, text, activate });
      notify('success', t('created', { version: p.version }));
      await qc.invalidateQueries({ queryKey: aiPromptKeys.all });
      navigate(`${PROMPTS_BASE}/${p.id}`);
    } catch (e) {
      const fe = fieldErrorsOf(e);
      setErrors(Object.keys(fe).length ? fe : { text: (e as Error).message });
    } finally {
      setSaving(false);
    }
  }

  const err = (f: string) => errors[f] ?? errors[`body.${f}`];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <TextField
            select
            label={t('use')}
            value={use}
            size="small"
            onChange={(e) => {
              const u = e.target.value as TAiPromptUse;
              setUse(u);
              setText(AI_PROMPT_USE_INFO[u].defaultText);
            }}
          >
            {AI_PROMPT_USES.map((u) => (
              <MenuItem key={u} value={u}>
                {AI_PROMPT_USE_INFO[u].label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('name')}
            value={name}
            size="small"
            required
            onChange={(e) => setName(e.target.value)}
            error={Boolean(err('name'))}
            helperText={err('name')}
            slotProps={{ htmlInput: { 'data-testid': 'prompt-name' } }}
          />
          <TextField
            label={t('text')}
            value={text}
            multiline
            minRows={10}
            maxRows={24}
            required
            onChange={(e) => setText(e.target.value)}
            error={Boolean(err('text'))}
            helperText={
              err('text') ?? `${t('variables')}: ${AI_PROMPT_USE_INFO[use].variables.map((v) => `{{${v}}}`).join(', ')}`
            }
            slotProps={{
              htmlInput: { 'data-testid': 'prompt-text-input', style: { fontFamily: 'monospace', fontSize: 13 } },
            }}
          />
          <FormControlLabel
            control={<Checkbox checked={activate} onChange={(e) => setActivate(e.target.checked)} />}
            label={t('activateNow')}
          />
          <Stack direction="row" spacing={1}>
            <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="prompt-save">
              {t('create')}
            </Button>
            <Button onClick={() => navigate(PROMPTS_BASE)}>{t('cancel')}</Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <PromptTestBox text={text} />
      </Paper>
    </Box>
  );
}

export function Component() {
  const [params] = useSearchParams();
  const use = (AI_PROMPT_USES as readonly string[]).includes(params.get('use') ?? '')
    ? (params.get('use') as TAiPromptUse)
    : 'chatAnswer';
  const from = params.get('from');
  const source = useQuery({ ...aiPromptQuery(from ?? ''), enabled: Boolean(from) });
  if (from && !source.data) return <Typography color="text.secondary">…</Typography>;
  return <Form use={source.data?.use ?? use} initialText={source.data?.text ?? AI_PROMPT_USE_INFO[use].defaultText} />;
}
