/**
 * A structured editor of one rule condition: a comparison over a supplier field (the operators and the value
 * input follow the field's type), or a group (all / any) of conditions, or a negation — nested as deep as needed.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import AddRounded from '@mui/icons-material/AddRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import type { TRulesetField } from '@sextant/shared/values';
import { OPS_BY_TYPE, opLabel, type TCondition } from './ruleset-logic.ts';

type TNodeKind = 'compare' | 'all' | 'any' | 'not';
const kindOf = (c: TCondition): TNodeKind => ('all' in c ? 'all' : 'any' in c ? 'any' : 'not' in c ? 'not' : 'compare');

const defaultCompare = (fields: TRulesetField[]): TCondition => ({
  field: fields[0]?.name ?? 'spend',
  op: 'gt',
  value: 0,
});

function valueFor(type: TRulesetField['type'] | undefined, op: string, prev: unknown): unknown {
  if (op === 'isNull' || op === 'notNull') return undefined;
  if (op === 'in' || op === 'notIn') return Array.isArray(prev) ? prev : prev === undefined ? [] : [prev];
  const v = Array.isArray(prev) ? prev[0] : prev;
  if (type === 'number') return typeof v === 'number' ? v : 0;
  if (type === 'boolean') return typeof v === 'boolean' ? v : true;
  return typeof v === 'string' ? v : '';
}

export function ConditionEditor({
  value,
  onChange,
  onRemove,
  fields,
  depth = 0,
}: {
  value: TCondition;
  onChange: (c: TCondition) => void;
  onRemove?: () => void;
  fields: TRulesetField[];
  depth?: number;
}) {
  const { t } = useTranslation('analysis-admin');
  const kind = kindOf(value);
  const switchKind = (k: TNodeKind) => {
    if (k === kind) return;
    if (k === 'compare') onChange(defaultCompare(fields));
    else if (k === 'not') onChange({ not: value });
    else {
      const children = 'all' in value ? value.all : 'any' in value ? value.any : [value];
      onChange(k === 'all' ? { all: children } : { any: children });
    }
  };
  const kindSelect = (
    <TextField
      select
      size="small"
      label={t('editor.conditionKind')}
      value={kind}
      onChange={(e) => switchKind(e.target.value as TNodeKind)}
      sx={{ width: 150, flexShrink: 0 }}
    >
      {(['compare', 'all', 'any', 'not'] as const).map((k) => (
        <MenuItem key={k} value={k}>
          {t(`editor.kinds.${k}`)}
        </MenuItem>
      ))}
    </TextField>
  );
  const remove = onRemove && (
    <Tooltip title={t('editor.removeCondition')}>
      <IconButton size="small" onClick={onRemove} aria-label={t('editor.removeCondition')}>
        <CloseRounded fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  if (kind === 'compare') {
    const c = value as { field: string; op: string; value?: unknown };
    const field = fields.find((f) => f.name === c.field);
    const ops = OPS_BY_TYPE[field?.type ?? 'string'];
    const set = (patch: Partial<typeof c>) => {
      const next = { ...c, ...patch };
      const nf = fields.find((f) => f.name === next.field);
      if (!OPS_BY_TYPE[nf?.type ?? 'string'].includes(next.op)) next.op = 'eq';
      const v = valueFor(nf?.type, next.op, next.value);
      const out: TCondition = { field: next.field, op: next.op };
      if (v !== undefined) (out as { value?: unknown }).value = v;
      onChange(out);
    };
    const isList = c.op === 'in' || c.op === 'notIn';
    const noValue = c.op === 'isNull' || c.op === 'notNull';
    return (
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="condition">
        {kindSelect}
        <TextField
          select
          size="small"
          label={t('editor.field')}
          value={c.field}
          onChange={(e) => set({ field: e.target.value, value: undefined })}
          sx={{ width: 240 }}
        >
          {fields.map((f) => (
            <MenuItem key={f.name} value={f.name} title={f.description}>
              {f.name}
              <Box component="span" sx={{ color: 'text.secondary', ml: 1, fontSize: 12 }}>
                {t(`editor.types.${f.type}`)}
              </Box>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('editor.operator')}
          value={c.op}
          onChange={(e) => set({ op: e.target.value })}
          sx={{ width: 130 }}
        >
          {ops.map((op) => (
            <MenuItem key={op} value={op}>
              {opLabel(op)}
            </MenuItem>
          ))}
        </TextField>
        {!noValue &&
          (field?.type === 'boolean' ? (
            <TextField
              select
              size="small"
              label={t('editor.value')}
              value={String(c.value ?? true)}
              onChange={(e) => onChange({ ...c, value: e.target.value === 'true' })}
              sx={{ width: 120 }}
            >
              <MenuItem value="true">true</MenuItem>
              <MenuItem value="false">false</MenuItem>
            </TextField>
          ) : (
            <TextField
              size="small"
              label={isList ? t('editor.values') : t('editor.value')}
              helperText={isList ? t('editor.commaSeparated') : undefined}
              type={field?.type === 'number' && !isList ? 'number' : 'text'}
              value={isList ? ((c.value as unknown[]) ?? []).join(', ') : String(c.value ?? '')}
              onChange={(e) => {
                const raw = e.target.value;
                if (isList) {
                  const parts = raw
                    .split(',')
                    .map((s) => s.trim())
                    .filter((s) => s !== '');
                  onChange({ ...c, value: field?.type === 'number' ? parts.map(Number) : parts });
                } else onChange({ ...c, value: field?.type === 'number' ? Number(raw) : raw });
              }}
              sx={{ width: 180 }}
            />
          ))}
        {remove}
      </Stack>
    );
  }
  const children = 'all' in value ? value.all : 'any' in value ? value.any : [(value as { not: TCondition }).not];
  const setChildren = (list: TCondition[]) =>
    onChange(kind === 'all' ? { all: list } : kind === 'any' ? { any: list } : { not: list[0]! });
  return (
    <Box
      data-testid="condition-group"
      sx={{ borderLeft: 3, borderColor: depth % 2 ? 'secondary.main' : 'primary.main', pl: 1.5, py: 0.5 }}
    >
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', mb: 1 }}>
        {kindSelect}
        {remove}
      </Stack>
      <Stack sx={{ gap: 1 }}>
        {children.map((child, i) => (
          <ConditionEditor
            key={i}
            value={child}
            fields={fields}
            depth={depth + 1}
            onChange={(c) => setChildren(children.map((x, j) => (j === i ? c : x)))}
            onRemove={
              kind !== 'not' && children.length > 1 ? () => setChildren(children.filter((_, j) => j !== i)) : undefined
            }
          />
        ))}
        {kind !== 'not' && (
          <Box>
            <Button
              size="small"
              startIcon={<AddRounded />}
              onClick={() => setChildren([...children, defaultCompare(fields)])}
            >
              {t('editor.addCondition')}
            </Button>
          </Box>
        )}
      </Stack>
    </Box>
  );
}
