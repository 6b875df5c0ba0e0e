/**
 * The issuer's acceptance fee table (issue #34 point 2, docs/ROUTES.md): what accepting the card costs a supplier,
 * by network, MCC type and size band, used for the supplier's own case of the issuer's next runs. Without a table
 * of its own the issuer's runs use the defaults; holders of Issuer_Update edit the rows and save them, or reset to
 * the defaults.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import { MCC_TYPES, SUPPLIER_ACCEPTANCE_FEES } from '@sextant/shared/acceptance-fees';
import type { TAcceptanceFeeRow } from '@sextant/shared/values';
import { issuerKeys, updateIssuerAcceptanceFees } from '../../../api/issuers.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Section, useFormMutation } from '../admin-ui.tsx';

const SIZE_BAND_OPTIONS = ['*', 'Small', 'Medium', 'Large'] as const;
const same = (a: readonly TAcceptanceFeeRow[], b: readonly TAcceptanceFeeRow[]) =>
  JSON.stringify(a) === JSON.stringify(b);

export function AcceptanceFeesSection({
  issuerId,
  fees,
  canEdit,
}: {
  issuerId: string;
  fees: TAcceptanceFeeRow[] | null;
  canEdit: boolean;
}) {
  const { t } = useTranslation('admin');
  const saved = fees ?? SUPPLIER_ACCEPTANCE_FEES;
  const [rows, setRows] = useState<TAcceptanceFeeRow[]>([...saved]);
  useEffect(() => setRows([...(fees ?? SUPPLIER_ACCEPTANCE_FEES)]), [fees]);
  const save = useFormMutation({
    operation: 'Saving acceptance fees',
    mutationFn: (next: TAcceptanceFeeRow[] | null) => updateIssuerAcceptanceFees(issuerId, next),
    invalidate: [issuerKeys.all],
    success: (r) => r.message ?? t('acceptanceFees.title'),
  });
  const dirty = !same(rows, saved);
  const set = (i: number, patch: Partial<TAcceptanceFeeRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const err = (i: number, field?: string) =>
    save.errors[field ? `acceptanceFees.${i}.${field}` : `acceptanceFees.${i}`];
  const tableError = save.errors.acceptanceFees;
  return (
    <Section
      title={t('acceptanceFees.title')}
      testId="acceptance-fees-section"
      action={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Chip
            size="small"
            data-testid="acceptance-fees-source"
            color={fees ? 'primary' : 'default'}
            label={fees ? t('acceptanceFees.issuerTable') : t('acceptanceFees.defaults')}
          />
          {canEdit && (
            <>
              {dirty && <Chip size="small" color="warning" label={t('common.unsavedChanges')} />}
              <Button disabled={!fees || save.isPending} onClick={() => save.mutateAsync(null).catch(() => undefined)}>
                {t('acceptanceFees.reset')}
              </Button>
              <PendingButton
                variant="contained"
                disabled={!dirty}
                pending={save.isPending}
                onClick={() => save.mutateAsync(rows).catch(() => undefined)}
              >
                {t('common.save')}
              </PendingButton>
            </>
          )}
        </Stack>
      }
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('acceptanceFees.help')}
      </Typography>
      {tableError && <Alert severity="error">{tableError}</Alert>}
      <Table size="small" data-testid="acceptance-fees">
        <TableHead>
          <TableRow>
            <TableCell>{t('acceptanceFees.network')}</TableCell>
            <TableCell>{t('acceptanceFees.mccType')}</TableCell>
            <TableCell>{t('acceptanceFees.sizeBand')}</TableCell>
            <TableCell align="right">{t('acceptanceFees.feeBps')}</TableCell>
            {canEdit && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r, i) => (
            <TableRow key={i}>
              <TableCell>
                <TextField
                  size="small"
                  value={r.network}
                  disabled={!canEdit}
                  onChange={(e) => set(i, { network: e.target.value })}
                  error={Boolean(err(i, 'network'))}
                  helperText={err(i, 'network')}
                  slotProps={{ htmlInput: { 'aria-label': `${t('acceptanceFees.network')} ${i + 1}` } }}
                />
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={r.mccType}
                  disabled={!canEdit}
                  onChange={(e) => set(i, { mccType: e.target.value })}
                  error={Boolean(err(i, 'mccType') ?? err(i))}
                  helperText={err(i, 'mccType') ?? err(i)}
                  slotProps={{ htmlInput: { 'aria-label': `${t('acceptanceFees.mccType')} ${i + 1}` } }}
                >
                  <MenuItem value="*">{t('acceptanceFees.any')}</MenuItem>
                  {MCC_TYPES.map((m) => (
                    <MenuItem key={m} value={m}>
                      {m}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  value={r.sizeBand}
                  disabled={!canEdit}
                  onChange={(e) => set(i, { sizeBand: e.target.value as TAcceptanceFeeRow['sizeBand'] })}
                  slotProps={{ htmlInput: { 'aria-label': `${t('acceptanceFees.sizeBand')} ${i + 1}` } }}
                >
                  {SIZE_BAND_OPTIONS.map((b) => (
                    <MenuItem key={b} value={b}>
                      {b === '*' ? t('acceptanceFees.any') : t(`acceptanceFees.bands.${b}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
              <TableCell align="right">
                <TextField
                  size="small"
                  type="number"
                  value={r.feeBps}
                  disabled={!canEdit}
                  onChange={(e) => set(i, { feeBps: e.target.value === '' ? 0 : Number(e.target.value) })}
                  error={Boolean(err(i, 'feeBps'))}
                  helperText={err(i, 'feeBps')}
                  slotProps={{
                    htmlInput: { min: 0, max: 1000, 'aria-label': `${t('acceptanceFees.feeBps')} ${i + 1}` },
                  }}
                  sx={{ width: 110 }}
                />
              </TableCell>
              {canEdit && (
                <TableCell>
                  <IconButton
                    aria-label={t('acceptanceFees.removeRow', { n: i + 1 })}
                    onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                  >
                    <DeleteOutline />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {canEdit && (
        <Button
          sx={{ mt: 1 }}
          onClick={() => setRows((rs) => [...rs, { network: '*', mccType: '*', sizeBand: '*', feeBps: 0 }])}
        >
          {t('acceptanceFees.addRow')}
        </Button>
      )}
    </Section>
  );
}
