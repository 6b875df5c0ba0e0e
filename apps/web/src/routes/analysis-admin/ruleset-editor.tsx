/**
 * "New version from this one": a structured editor (rules per score kind, conditions over the supplier fields with
 * their types) and a JSON editor of the same draft. The server validates with the engine's own schema; its errors
 * are listed by path. The new version is not active until someone activates it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import ArrowDownwardRounded from '@mui/icons-material/ArrowDownwardRounded';
import ArrowUpwardRounded from '@mui/icons-material/ArrowUpwardRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import type { TRulesetKind, TRulesetVersionDetail } from '@sextant/shared/values';
import { isApiError } from '../../api/client.ts';
import { createRulesetVersion, rulesetKeys } from '../../api/rulesets.ts';
import { analysisAdminKeys } from '../../api/analysis-admin.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { useFormMutation } from '../../components/form-mutation.ts';
import { ConditionEditor } from './condition-editor.tsx';
import type { TCondition } from './ruleset-logic.ts';

const LEVELS = ['High', 'Medium', 'Low', 'None'] as const;
const CONFIDENCES = ['High', 'Medium', 'Low'] as const;

type TRule = {
  id: string;
  description: string;
  when: TCondition;
  level?: string;
  confidence?: string;
  appliesTo?: '*' | string[];
};
type TDraft = Record<string, unknown> & {
  name: string;
  description?: string;
  scores?: Record<string, { rules: TRule[]; defaultLevel: string; defaultRuleId: string }>;
  rules?: TRule[];
  defaultConfidence?: string;
  defaultRuleId?: string;
};

function RuleCard({
  rule,
  index,
  count,
  kind,
  detail,
  onChange,
  onMove,
  onRemove,
}: {
  rule: TRule;
  index: number;
  count: number;
  kind: TRulesetKind;
  detail: TRulesetVersionDetail;
  onChange: (r: TRule) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('analysis-admin');
  return (
    <Card variant="outlined" data-testid={`rule-${index}`}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1.5 }}>
          <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 700, width: 24 }}>
            {index + 1}
          </Typography>
          <TextField
            size="small"
            label={t('editor.ruleId')}
            value={rule.id}
            onChange={(e) => onChange({ ...rule, id: e.target.value })}
            sx={{ width: 150 }}
          />
          <TextField
            size="small"
            label={t('editor.description')}
            value={rule.description}
            onChange={(e) => onChange({ ...rule, description: e.target.value })}
            sx={{ flex: 1, minWidth: 220 }}
          />
          {kind === 'scoring' ? (
            <TextField
              select
              size="small"
              label={t('editor.level')}
              value={rule.level ?? 'None'}
              onChange={(e) => onChange({ ...rule, level: e.target.value })}
              sx={{ width: 120 }}
            >
              {LEVELS.map((l) => (
                <MenuItem key={l} value={l}>
                  {l}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <>
              <TextField
                select
                size="small"
                label={t('editor.appliesTo')}
                value={rule.appliesTo === '*' || !rule.appliesTo ? ['*'] : rule.appliesTo}
                onChange={(e) => {
                  const v = e.target.value as unknown as string[];
                  const picked = v.includes('*') && v[v.length - 1] === '*' ? '*' : v.filter((x) => x !== '*');
                  onChange({ ...rule, appliesTo: picked === '*' || picked.length === 0 ? '*' : picked });
                }}
                slotProps={{ select: { multiple: true } }}
                sx={{ width: 200 }}
              >
                <MenuItem value="*">{t('editor.allKinds')}</MenuItem>
                {detail.scoreKinds.map((k) => (
                  <MenuItem key={k} value={k}>
                    {k}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                size="small"
                label={t('editor.confidence')}
                value={rule.confidence ?? 'Low'}
                onChange={(e) => onChange({ ...rule, confidence: e.target.value })}
                sx={{ width: 120 }}
              >
                {CONFIDENCES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {l}
                  </MenuItem>
                ))}
              </TextField>
            </>
          )}
          <Tooltip title={t('editor.moveUp')}>
            <span>
              <IconButton
                size="small"
                disabled={index === 0}
                onClick={() => onMove(-1)}
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
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={t('editor.moveDown')}
              >
                <ArrowDownwardRounded fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('editor.removeRule')}>
            <IconButton size="small" onClick={onRemove} aria-label={t('editor.removeRule')}>
              <DeleteOutlineRounded fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Box sx={{ pl: { sm: 4 } }}>
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mb: 0.75 }}>
            {t('editor.when')}
          </Typography>
          <ConditionEditor value={rule.when} fields={detail.fields} onChange={(when) => onChange({ ...rule, when })} />
        </Box>
      </CardContent>
    </Card>
  );
}

function RuleList({
  rules,
  onChange,
  kind,
  detail,
}: {
  rules: TRule[];
  onChange: (r: TRule[]) => void;
  kind: TRulesetKind;
  detail: TRulesetVersionDetail;
}) {
  const { t } = useTranslation('analysis-admin');
  const move = (i: number, d: number) => {
    const next = [...rules];
    const [r] = next.splice(i, 1);
    next.splice(i + d, 0, r!);
    onChange(next);
  };
  return (
    <Stack sx={{ gap: 1.5 }}>
      {rules.map((r, i) => (
        <RuleCard
          key={i}
          rule={r}
          index={i}
          count={rules.length}
          kind={kind}
          detail={detail}
          onChange={(x) => onChange(rules.map((y, j) => (j === i ? x : y)))}
          onMove={(d) => move(i, d)}
          onRemove={() => onChange(rules.filter((_, j) => j !== i))}
        />
      ))}
      <Box>
        <Button
          startIcon={<AddRounded />}
          onClick={() =>
            onChange([
              ...rules,
              {
                id: `RULE-${rules.length + 1}`,
                description: '',
                when: { field: 'spend', op: 'gt', value: 0 },
                ...(kind === 'scoring' ? { level: 'Low' } : { confidence: 'Low', appliesTo: '*' as const }),
              },
            ])
          }
        >
          {t('editor.addRule')}
        </Button>
      </Box>
    </Stack>
  );
}

export function RulesetEditor({
  kind,
  base,
  onDone,
}: {
  kind: TRulesetKind;
  base: TRulesetVersionDetail;
  onDone: (created: TRulesetVersionDetail | null) => void;
}) {
  const { t } = useTranslation('analysis-admin');
  const [draft, setDraft] = useState<TDraft>(() => {
    const d = structuredClone(base.definition) as TDraft;
    d.name = `${base.name} (edited)`;
    return d;
  });
  const [mode, setMode] = useState<'structured' | 'json'>('structured');
  const [text, setText] = useState('');
  const [jsonError, setJsonError] = useState<string | null>(null);
  const scoreKinds = Object.keys(draft.scores ?? {});
  const [scoreKind, setScoreKind] = useState(scoreKinds[0] ?? '');

  const save = useFormMutation({
    operation: 'Creating ruleset version',
    mutationFn: () => createRulesetVersion(kind, { basedOn: base.version, definition: mode === 'json' ? text : draft }),
    invalidate: [rulesetKeys.list(kind), analysisAdminKeys.overview()],
    success: (r) => t('editor.created', { version: r.version }),
    onSuccess: (r) => onDone(r),
  });
  const errors = save.error && isApiError(save.error) ? (save.error.errors ?? []) : [];

  const toJson = () => {
    setText(JSON.stringify(draft, null, 2));
    setJsonError(null);
    setMode('json');
  };
  const toStructured = () => {
    try {
      const parsed = JSON.parse(text) as TDraft;
      setDraft(parsed);
      setJsonError(null);
      setMode('structured');
      if (parsed.scores && !parsed.scores[scoreKind]) setScoreKind(Object.keys(parsed.scores)[0] ?? '');
    } catch (e) {
      setJsonError((e as Error).message);
    }
  };
  const kindRules = draft.scores?.[scoreKind];

  return (
    <Card variant="outlined" data-testid="ruleset-editor">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('editor.title', { version: base.version })}
          </Typography>
          <Button onClick={() => onDone(null)}>{t('editor.cancel')}</Button>
          <PendingButton variant="contained" pending={save.isPending} onClick={() => save.mutate(undefined)}>
            {t('editor.save')}
          </PendingButton>
        </Stack>
        <Tabs
          value={mode}
          onChange={(_, v: 'structured' | 'json') => (v === 'json' ? toJson() : toStructured())}
          sx={{ mb: 2 }}
        >
          <Tab value="structured" label={t('editor.structured')} />
          <Tab value="json" label={t('editor.json')} />
        </Tabs>
        {errors.length > 0 && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="ruleset-errors">
            <Typography variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              {t('editor.invalid', { count: errors.length })}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {errors.slice(0, 20).map((e, i) => (
                <li key={i}>
                  <Box component="code" sx={{ fontSize: 12 }}>
                    {e.path.replace(/^body\.definition\.?/, '') || e.path}
                  </Box>
                  {': '}
                  {e.message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {mode === 'json' ? (
          <>
            {jsonError && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('editor.jsonInvalid', { error: jsonError })}
              </Alert>
            )}
            <TextField
              multiline
              fullWidth
              minRows={18}
              maxRows={40}
              value={text}
              onChange={(e) => setText(e.target.value)}
              slotProps={{
                htmlInput: {
                  'aria-label': t('editor.json'),
                  spellCheck: false,
                  style: { fontFamily: 'monospace', fontSize: 12.5 },
                },
              }}
            />
          </>
        ) : (
          <Stack sx={{ gap: 2 }}>
            <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 2 }}>
              <TextField
                size="small"
                label={t('editor.name')}
                value={draft.name}
                onChange={(e) => setDraft({ ...draft, name: e.target.value })}
                sx={{ flex: 1 }}
              />
              <TextField
                size="small"
                label={t('editor.description')}
                value={draft.description ?? ''}
                onChange={(e) => setDraft({ ...draft, description: e.target.value })}
                sx={{ flex: 2 }}
              />
            </Stack>
            {kind === 'scoring' && draft.scores ? (
              <>
                <Tabs
                  value={scoreKind}
                  onChange={(_, v: string) => setScoreKind(v)}
                  variant="scrollable"
                  aria-label={t('editor.scoreKinds')}
                >
                  {scoreKinds.map((k) => (
                    <Tab key={k} value={k} label={k} />
                  ))}
                </Tabs>
                {kindRules && (
                  <>
                    <RuleList
                      rules={kindRules.rules}
                      kind={kind}
                      detail={base}
                      onChange={(rules) =>
                        setDraft({ ...draft, scores: { ...draft.scores, [scoreKind]: { ...kindRules, rules } } })
                      }
                    />
                    <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
                      <Typography variant="body2" color="text.secondary">
                        {t('editor.otherwise')}
                      </Typography>
                      <TextField
                        select
                        size="small"
                        label={t('editor.defaultLevel')}
                        value={kindRules.defaultLevel}
                        onChange={(e) =>
                          setDraft({
                            ...draft,
                            scores: { ...draft.scores, [scoreKind]: { ...kindRules, defaultLevel: e.target.value } },
                          })
                        }
                        sx={{ width: 150 }}
                      >
                        {LEVELS.map((l) => (
                          <MenuItem key={l} value={l}>
                            {l}
                          </MenuItem>
                        ))}
                      </TextField>
                    </Stack>
                  </>
                )}
              </>
            ) : (
              <>
                <RuleList
                  rules={draft.rules ?? []}
                  kind={kind}
                  detail={base}
                  onChange={(rules) => setDraft({ ...draft, rules })}
                />
                <Stack direction="row" sx={{ gap: 2, alignItems: 'center' }}>
                  <Typography variant="body2" color="text.secondary">
                    {t('editor.otherwise')}
                  </Typography>
                  <TextField
                    select
                    size="small"
                    label={t('editor.defaultConfidence')}
                    value={draft.defaultConfidence ?? 'Low'}
                    onChange={(e) => setDraft({ ...draft, defaultConfidence: e.target.value })}
                    sx={{ width: 170 }}
                  >
                    {CONFIDENCES.map((l) => (
                      <MenuItem key={l} value={l}>
                        {l}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>
              </>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
