/**
 * One uploaded file on the workflow page: facts, the validation report (fatal problem first, with how to fix
 * it), where the table starts (the detected header row, another row to choose, the worksheet of a workbook),
 * the auto-detected column mapping (each datapoint editable with a select of the file's headers) and a
 * preview of the first rows.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import { INPUT_KIND_LABELS, type TColumnMapping, type TJobFile, type TValidationReport } from '@sextant/shared/values';
import { errorMessage, useDeleteFile, useUpdateLayout, useUpdateMapping } from '../../api/jobs.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatAmount } from '../../lib/format.ts';
import { formatBytes, mappingChanged, missingRequired, setMappedColumn, unmappedHeaders } from './job-logic.ts';
import { DataTable, type TDataColumn } from '../../components/data-table/data-table.tsx';

const NOT_MAPPED = '__none__';
const fmt = (n: number) => n.toLocaleString(currentLanguage());

/**
 * The file's row count and the valid rows' spend per currency, for the user to check against their own system
 * before running.
 */
function FileTotals({
  rowCount,
  totals,
}: {
  rowCount: number;
  totals: NonNullable<TValidationReport['amountTotals']>;
}) {
  const { t } = useTranslation('jobs');
  const spend = totals.map((x) =>
    x.currency ? formatAmount(x.amount, x.currency) : t('file.spendNoCurrency', { amount: formatAmount(x.amount) }),
  );
  return (
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="file-totals">
      <strong>{t('file.fileRows', { count: rowCount, n: fmt(rowCount) })}</strong>
      {spend.length > 0 ? ` · ${t('file.spendTotal', { amounts: spend.join(' · ') })}` : ''}
      <Box component="span" sx={{ color: 'text.secondary' }}>{` — ${t('file.checkTotals')}`}</Box>
    </Typography>
  );
}

function ValidationReport({ file, missing }: { file: TJobFile; missing: string[] }) {
  const { t } = useTranslation('jobs');
  const v = file.validation;
  if (!v) return null;
  if (v.fatal) {
    return (
      <Alert severity="error" variant="filled" data-testid="validation-fatal">
        <AlertTitle>{t('file.fatalTitle')}</AlertTitle>
        {v.fatal}
        <Box sx={{ mt: 1, fontWeight: 500 }}>
          {missing.length > 0 ? t('file.fixMapping', { columns: missing.join(', ') }) : t('file.fixFile')}
        </Box>
      </Alert>
    );
  }
  const issues = v.issues;
  const sev = v.errorCount > 0 ? 'warning' : 'success';
  return (
    <Box data-testid="validation-report">
      <Alert severity={sev}>
        <strong>
          {t('file.rowsValid', { count: v.rowCount, valid: fmt(v.validRowCount), total: fmt(v.rowCount) })}
        </strong>
        {v.errorCount > 0 ? ` · ${t('file.rowsUnused', { count: v.errorCount, n: fmt(v.errorCount) })}` : ''}
        {v.totalsRows ? ` (${t('file.totalsRows', { count: v.totalsRows, n: fmt(v.totalsRows) })})` : ''}
        {v.warningCount > 0 ? ` · ${t('file.valuesEmpty', { count: v.warningCount, n: fmt(v.warningCount) })}` : ''}
      </Alert>
      <FileTotals rowCount={v.rowCount} totals={v.amountTotals ?? []} />
      {issues.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <DataTable
            rows={issues}
            testId="validation-issues"
            maxHeight={260}
            ariaLabel={t('file.issuesLabel')}
            rowKey={(_, n) => String(n)}
            columns={[
              { field: 'row', header: t('file.issueColumns.row'), width: 80, render: (i) => i.row ?? '—' },
              { field: 'column', header: t('file.issueColumns.column'), width: 180, render: (i) => i.column ?? '—' },
              {
                field: 'value',
                header: t('file.issueColumns.value'),
                width: 160,
                cellSx: { maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
                render: (i) => (i.value != null ? `“${i.value}”` : '—'),
              },
              { field: 'reason', header: t('file.issueColumns.reason') },
              {
                field: 'severity',
                header: t('file.issueColumns.effect'),
                width: 100,
                render: (i) => (
                  <Chip
                    size="small"
                    label={
                      i.severity === 'error' || i.reason.includes('not used')
                        ? t('file.rowSkipped')
                        : t('file.valueEmpty')
                    }
                    color={i.severity === 'error' ? 'error' : 'warning'}
                    variant="outlined"
                  />
                ),
              },
            ]}
          />
        </Box>
      )}
      {issues.length > 0 && issues.length < v.errorCount + v.warningCount && (
        <Typography variant="caption" color="text.secondary">
          {t('file.issuesListed', {
            count: v.errorCount + v.warningCount,
            shown: issues.length,
            total: fmt(v.errorCount + v.warningCount),
          })}
        </Typography>
      )}
    </Box>
  );
}

const cellsLabel = (cells: string[]) => {
  const text = cells.filter(Boolean).join(' · ');
  return text.length > 90 ? `${text.slice(0, 90)}…` : text;
};

/**
 * Where the table starts: the header row (detected below title lines, or chosen among the first rows of the file)
 * and, for a workbook with several worksheets, the worksheet read.
 */
function LayoutPicker({ jobId, file, disabled }: { jobId: string; file: TJobFile; disabled: boolean }) {
  const { t } = useTranslation('jobs');
  const update = useUpdateLayout(jobId);
  const layout = file.layout;
  if (!layout) return null;
  const rows = layout.top.filter((r) => r.cells.some(Boolean));
  return (
    <Box data-testid="layout-picker">
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Typography variant="body2" sx={{ minWidth: 0 }} data-testid="header-row-info">
          {layout.headerRow === layout.detectedHeaderRow
            ? t('file.headerRowDetected', { row: layout.headerRow })
            : t('file.headerRowChosen', { row: layout.headerRow, detected: layout.detectedHeaderRow })}
        </Typography>
        <Select
          size="small"
          value={String(layout.headerRow)}
          disabled={disabled || update.isPending}
          onChange={(e) => update.mutate({ fileId: file.id, headerRow: Number(e.target.value) })}
          inputProps={{ 'aria-label': t('file.headerRowPick'), 'data-testid': 'header-row-select' }}
          sx={{ minWidth: { md: 360 }, maxWidth: '100%' }}
          renderValue={(v) => t('file.headerRowOption', { row: v })}
        >
          {rows.map((r) => (
            <MenuItem key={r.row} value={String(r.row)} data-testid={`header-row-${r.row}`}>
              <Box component="span" sx={{ fontWeight: 700, mr: 1, whiteSpace: 'nowrap' }}>
                {t('file.headerRowOption', { row: r.row })}
              </Box>
              <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {cellsLabel(r.cells)}
                {r.row === layout.detectedHeaderRow ? ` — ${t('file.detected')}` : ''}
              </Box>
            </MenuItem>
          ))}
        </Select>
        {layout.sheets.length > 1 && (
          <Select
            size="small"
            value={layout.sheet ?? ''}
            disabled={disabled || update.isPending}
            onChange={(e) => update.mutate({ fileId: file.id, sheet: String(e.target.value) })}
            inputProps={{ 'aria-label': t('file.sheetPick'), 'data-testid': 'sheet-select' }}
            renderValue={(v) => t('file.sheetOption', { sheet: v })}
            sx={{ minWidth: 200 }}
          >
            {layout.sheets.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </Select>
        )}
      </Stack>
      {update.error && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {errorMessage(update.error)}
        </Alert>
      )}
    </Box>
  );
}

function MappingEditor({
  file,
  mapping,
  onChange,
  disabled,
}: {
  file: TJobFile;
  mapping: TColumnMapping;
  onChange: (m: TColumnMapping) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('jobs');
  const sample = (header: string | null) => {
    if (!header) return '';
    const i = file.headers.indexOf(header);
    return i < 0
      ? ''
      : file.preview
          .map((r) => r[i] ?? '')
          .filter(Boolean)
          .slice(0, 3)
          .join(' · ');
  };
  return (
    <DataTable
      rows={file.datapoints}
      testId="mapping-table"
      stickyHeader={false}
      ariaLabel={t('file.mapping')}
      rowKey={(d) => d.key}
      rowTestId={(d) => `mapping-${d.key}`}
      columns={[
        {
          field: 'label',
          header: t('file.mappingColumns.datapoint'),
          render: (d) => (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <span>{d.label}</span>
              {d.required && (
                <Chip
                  size="small"
                  label={t('file.required')}
                  color={d.required && !mapping[d.key] ? 'error' : 'default'}
                  variant="outlined"
                  sx={{ height: 20, fontSize: 11 }}
                />
              )}
            </Stack>
          ),
        },
        {
          id: 'source',
          header: t('file.mappingColumns.source'),
          headerSx: { minWidth: { xs: 150, sm: 220 } },
          render: (d) => {
            const value = mapping[d.key] ?? null;
            return (
              <Select
                size="small"
                fullWidth
                value={value ?? NOT_MAPPED}
                disabled={disabled}
                error={d.required && !value}
                onChange={(e) =>
                  onChange(
                    setMappedColumn(mapping, d.key, e.target.value === NOT_MAPPED ? null : String(e.target.value)),
                  )
                }
                inputProps={{ 'aria-label': t('file.sourceFor', { name: d.label }) }}
              >
                <MenuItem value={NOT_MAPPED}>
                  <em>{t('file.notMapped')}</em>
                </MenuItem>
                {file.headers.map((h) => (
                  <MenuItem key={h} value={h}>
                    {h}
                  </MenuItem>
                ))}
              </Select>
            );
          },
        },
        {
          id: 'samples',
          header: t('file.mappingColumns.samples'),
          headerSx: { display: { xs: 'none', sm: 'table-cell' } },
          cellSx: {
            color: 'text.secondary',
            maxWidth: 320,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            display: { xs: 'none', sm: 'table-cell' },
          },
          render: (d) => sample(mapping[d.key] ?? null),
        },
      ]}
    />
  );
}

/** A preview row: its number as the validation report counts rows, and its cells. */
type TPreviewRow = { n: number; cells: readonly string[] };

function Preview({ file, mapping }: { file: TJobFile; mapping: TColumnMapping }) {
  const { t } = useTranslation('jobs');
  const mappedTo = new Map(
    Object.entries(mapping)
      .filter(([, h]) => h)
      .map(([k, h]) => [h as string, file.datapoints.find((d) => d.key === k)?.label ?? k]),
  );
  return (
    <DataTable<TPreviewRow>
      rows={file.preview.map((cells, i) => ({ n: file.layout?.previewRows?.[i] ?? i + 1, cells }))}
      testId="preview-table"
      maxHeight={360}
      ariaLabel={t('file.previewLabel')}
      rowKey={(r) => String(r.n)}
      columns={[
        {
          field: 'n',
          header: '#',
          width: 48,
          headerSx: { color: 'text.secondary' },
          cellSx: { color: 'text.secondary' },
        },
        ...file.headers.map((h, j): TDataColumn<TPreviewRow> => ({
          id: `${j}:${h}`,
          header: h,
          headerSx: { verticalAlign: 'bottom', fontWeight: 400 },
          headerContent: (
            <>
              <Box sx={{ fontWeight: 700 }}>{h}</Box>
              <Typography variant="caption" color={mappedTo.has(h) ? 'primary.main' : 'text.disabled'}>
                {mappedTo.get(h) ?? t('file.ignored')}
              </Typography>
            </>
          ),
          cellSx: { whiteSpace: 'nowrap', maxWidth: 260, overflow: 'hidden', textOverflow: 'ellipsis' },
          render: (r) => r.cells[j] ?? '',
        })),
      ]}
    />
  );
}

export function FilePanel({ jobId, file, editable }: { jobId: string; file: TJobFile; editable: boolean }) {
  const { t } = useTranslation('jobs');
  const [mapping, setMapping] = useState<TColumnMapping>(file.mapping);
  const [confirmRemove, setConfirmRemove] = useState(false);
  const update = useUpdateMapping(jobId);
  const remove = useDeleteFile(jobId);
  useEffect(() => setMapping(file.mapping), [file.mapping]);
  const changed = mappingChanged(mapping, file.mapping);
  const missing = missingRequired(file, mapping);
  const ignored = unmappedHeaders(file, mapping);
  const status = file.validation?.fatal
    ? { label: t('file.status.attention'), color: 'error' as const }
    : file.status === 'validated'
      ? { label: t('file.status.ready'), color: 'success' as const }
      : { label: t('file.status.uploaded'), color: 'default' as const };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={`file-${file.originalName}`}>
      <Stack spacing={2.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
            <InsertDriveFileOutlined color="action" />
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 700, wordBreak: 'break-all' }}>{file.originalName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  t(`inputKinds.${file.dataKind}`, { defaultValue: INPUT_KIND_LABELS[file.dataKind] }),
                  file.format.toUpperCase(),
                  formatBytes(file.sizeBytes),
                  file.encoding,
                  file.delimiter
                    ? t('file.delimiter', { delimiter: file.delimiter === '\t' ? t('file.tab') : file.delimiter })
                    : null,
                  t('file.columns', { count: file.headers.length }),
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip label={status.label} color={status.color} size="small" data-testid="file-status" />
            <Button
              color="error"
              startIcon={<DeleteOutlineRounded />}
              disabled={!editable}
              onClick={() => setConfirmRemove(true)}
            >
              {t('file.remove')}
            </Button>
          </Stack>
        </Stack>

        <ValidationReport file={file} missing={missing} />

        <LayoutPicker jobId={jobId} file={file} disabled={!editable} />

        {file.datapoints.length > 0 && (
          <Box>
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
                {t('file.mapping')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('file.mappingHelp')}
              </Typography>
            </Stack>
            <MappingEditor
              file={file}
              mapping={mapping}
              onChange={setMapping}
              disabled={!editable || update.isPending}
            />
            {ignored.length > 0 && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
                {t('file.notUsed', { columns: ignored.join(', ') })}
              </Typography>
            )}
            {update.error && (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {errorMessage(update.error)}
              </Alert>
            )}
            {changed && (
              <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end', alignItems: 'center' }}>
                {missing.length > 0 && (
                  <Typography variant="body2" color="error" sx={{ mr: 'auto' }}>
                    {t('file.stillToMap', { columns: missing.join(', ') })}
                  </Typography>
                )}
                <Button onClick={() => setMapping(file.mapping)} disabled={update.isPending}>
                  {t('file.undo')}
                </Button>
                <PendingButton
                  variant="contained"
                  disabled={!editable}
                  onClick={() => update.mutateAsync({ fileId: file.id, mapping })}
                  data-testid="save-mapping"
                >
                  {t('file.saveMapping')}
                </PendingButton>
              </Stack>
            )}
          </Box>
        )}

        {file.preview.length > 0 && (
          <>
            <Divider />
            <Box>
              <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700, mb: 1 }}>
                {t('file.preview', { count: file.preview.length })}
              </Typography>
              <Preview file={file} mapping={mapping} />
            </Box>
          </>
        )}
      </Stack>
      <Dialog open={confirmRemove} onClose={() => setConfirmRemove(false)}>
        <DialogTitle>{t('file.removeTitle', { name: file.originalName })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('file.removeBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmRemove(false)}>{t('common.no')}</Button>
          <PendingButton
            variant="contained"
            color="error"
            onClick={async () => {
              await remove.mutateAsync(file.id);
              setConfirmRemove(false);
            }}
          >
            {t('common.yes')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
