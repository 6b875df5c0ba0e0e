/**
 * /tools/ai-address-parser: free text (one address per line, or a pasted CSV with an "address" column) → fields with
 * confidence, from POST /api/v1/tools/address-parser (rule-based, or the language model when configured).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ADDRESS_BATCH_MAX, ADDRESS_PARSE_FIELDS, type TAddressParseResponse } from '@sextant/shared/values';
import { parseAddresses } from '../../api/tools.ts';
import { notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { Panel } from './tool-card.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

const COUNTRIES = ['', 'US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT', 'CA', 'AU'] as const;

/** The addresses of the text: a CSV with an address column gives that column; otherwise one per line. */
export function addressesOf(text: string): string[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  const header = lines[0]?.split(/[,;\t]/).map((h) => h.trim().replace(/^"|"$/g, '').toLowerCase()) ?? [];
  const col = header.findIndex((h) => h === 'address' || h === 'full address');
  if (col >= 0 && header.length > 1) {
    const delim = /\t/.test(lines[0]!) ? '\t' : /;/.test(lines[0]!) ? ';' : ',';
    return lines.slice(1).map((l) => {
      const cells = l.match(new RegExp(`("([^"]|"")*"|[^${delim}]*)(${delim}|$)`, 'g')) ?? [];
      return (cells[col] ?? '')
        .replace(new RegExp(`${delim}$`), '')
        .replace(/^"|"$/g, '')
        .replace(/""/g, '"')
        .trim();
    });
  }
  return lines.map((l) => l.trim());
}

export function Component() {
  const { t } = useTranslation('tools');
  const [text, setText] = useState('');
  const [country, setCountry] = useState('');
  const [result, setResult] = useState<TAddressParseResponse | null>(null);
  const addresses = addressesOf(text);
  const parse = useMutation({
    mutationFn: () => parseAddresses(addresses, country || undefined),
    onSuccess: setResult,
    onError: (e) => notifyError(e, 'Parsing addresses'),
  });
  const tooMany = addresses.length > ADDRESS_BATCH_MAX;
  return (
    <Stack spacing={2.5}>
      <Panel title={t('parser.inputTitle')}>
        <Stack spacing={2}>
          <TextField
            label={t('parser.input')}
            helperText={tooMany ? t('parser.tooMany', { max: ADDRESS_BATCH_MAX }) : t('parser.inputHelp')}
            error={tooMany}
            multiline
            minRows={5}
            maxRows={16}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'parser-input' } }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('parser.country')}
              value={country}
              onChange={(e) => setCountry(e.target.value)}
              sx={{ width: 240 }}
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              {COUNTRIES.map((c) => (
                <MenuItem key={c} value={c}>
                  {c || t('parser.countryAuto')}
                </MenuItem>
              ))}
            </TextField>
            <PendingButton
              variant="contained"
              pending={parse.isPending}
              disabled={!addresses.length || tooMany}
              onClick={() => parse.mutate()}
              data-testid="parser-run"
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('parser.run', { count: addresses.length })}
            </PendingButton>
          </Stack>
        </Stack>
      </Panel>
      {result && (
        <Panel
          title={t('parser.results', { count: result.results.length })}
          action={<Chip size="small" label={t(`parser.engine.${result.engine}`)} data-testid="parser-engine" />}
        >
          {result.engine === 'rules' && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('parser.rulesNote')}
            </Alert>
          )}
          <DataTable
            rows={result.results}
            testId="parser-results"
            variant="plain"
            maxHeight={560}
            hover
            rowKey={(_, i) => String(i)}
            columns={[
              { field: 'input', header: t('parser.col.input'), cellSx: { maxWidth: 280, color: 'text.secondary' } },
              ...ADDRESS_PARSE_FIELDS.map((f) => ({
                id: f,
                header: t(`parser.col.${f}`),
                cellAttributes: () => ({ 'data-field': f }),
                render: (r: TAddressParseResponse['results'][number]) =>
                  r[f] ?? <span style={{ opacity: 0.35 }}>—</span>,
              })),
              {
                field: 'confidence',
                header: t('parser.col.confidence'),
                align: 'right',
                render: (r) => (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={r.confidence >= 0.8 ? 'success' : r.confidence >= 0.5 ? 'warning' : 'error'}
                    label={`${Math.round(r.confidence * 100)}%`}
                  />
                ),
              },
            ]}
          />
        </Panel>
      )}
    </Stack>
  );
}
