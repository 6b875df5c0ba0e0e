/**
 * /admin/analysis-admin/translations (Translations_CRUD): every UI string of a language with its English source,
 * the bundled text and an override; search, namespace, missing-only; edit one override (checked for its
 * {{placeholders}}); CSV export and an all-or-nothing CSV import with row errors. Changes are live at once.
 */
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import {
  ISSUER_LANGUAGES,
  type TIssuerLanguage,
  type TTranslationImportResult,
  type TTranslationRow,
  markupProblem,
} from '@sextant/shared/values';
import {
  importTranslations,
  setTranslationOverride,
  translationExportUrl,
  translationKeys,
  translationsQuery,
} from '../../api/admin-accounts.ts';
import { isApiError } from '../../api/client.ts';
import { refreshTranslations } from '../../app/i18n.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { useCan } from '../../app/current-user.ts';
import { formatDateTime } from '../../lib/date-time.ts';
import { useFormMutation } from '../../components/form-mutation.ts';
import { DataTable } from '../../components/data-table/data-table.tsx';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12 } as const;

export function Component() {
  const { t } = useTranslation('admin-accounts');
  // Translations_VIEW opens the page read-only: the list and the export; editing and importing need Translations_CRUD.
  const canEdit = useCan(['Translations_CRUD']);
  const [language, setLanguage] = useState<TIssuerLanguage>('de');
  const [namespace, setNamespace] = useState('');
  const [q, setQ] = useState('');
  const [missingOnly, setMissingOnly] = useState(false);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [editing, setEditing] = useState<TTranslationRow | null>(null);
  const [imported, setImported] = useState<TTranslationImportResult | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const query = {
    language,
    q: q.trim() || undefined,
    namespace: namespace || undefined,
    missingOnly: missingOnly ? ('true' as const) : undefined,
    page: page + 1,
    pageSize,
  };
  const data = useQuery({ ...translationsQuery(query), meta: { operation: 'Loading translations' } }).data;
  const importer = useFormMutation({
    mutationFn: importTranslations,
    operation: 'Importing translations',
    invalidate: [translationKeys.all],
    onSuccess: (r) => {
      setImported(r);
      void refreshTranslations();
    },
  });
  const importError = importer.error && isApiError(importer.error) ? importer.error : null;
  const reset = () => setPage(0);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('translations.language')}
            value={language}
            onChange={(e) => (
              setLanguage(ISSUER_LANGUAGES.find((l) => l.key === e.target.value)?.key ?? language),
              reset()
            )}
            fullWidth={false}
            sx={{ width: 170 }}
            slotProps={{ htmlInput: { 'data-testid': 'translations-language' } }}
          >
            {ISSUER_LANGUAGES.map((l) => (
              <MenuItem key={l.key} value={l.key}>
                {l.name} ({l.key})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('translations.namespace')}
            value={namespace}
            onChange={(e) => (setNamespace(e.target.value), reset())}
            fullWidth={false}
            sx={{ width: 170 }}
          >
            <MenuItem value="">{t('translations.allNamespaces')}</MenuItem>
            {(data?.namespaces ?? []).map((ns) => (
              <MenuItem key={ns} value={ns}>
                {ns}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            label={t('translations.search')}
            value={q}
            onChange={(e) => (setQ(e.target.value), reset())}
            fullWidth={false}
            sx={{ flex: 1, minWidth: 220 }}
            slotProps={{ htmlInput: { 'data-testid': 'translations-search' } }}
          />
          <FormControlLabel
            control={
              <Switch
                checked={missingOnly}
                onChange={(e) => (setMissingOnly(e.target.checked), reset())}
                data-testid="translations-missing-only"
              />
            }
            label={t('translations.missingOnly')}
          />
          <Box sx={{ flex: '0 0 auto', display: 'flex', gap: 1 }}>
            <Button
              variant="outlined"
              startIcon={<DownloadOutlined />}
              href={translationExportUrl(language)}
              data-testid="translations-export"
            >
              {t('translations.export')}
            </Button>
            {canEdit && (
              <>
                <PendingButton
                  variant="contained"
                  startIcon={<UploadFileOutlined />}
                  pending={importer.isPending}
                  onClick={() => fileRef.current?.click()}
                  data-testid="translations-import"
                >
                  {t('translations.import')}
                </PendingButton>
                <input
                  ref={fileRef}
                  type="file"
                  accept=".csv,text/csv"
                  hidden
                  data-testid="translations-import-file"
                  onChange={(e) => {
                    const f = e.target.files?.[0];
                    e.target.value = '';
                    setImported(null);
                    if (f) importer.mutate(f);
                  }}
                />
              </>
            )}
          </Box>
        </Stack>
        {data && (
          <Stack direction="row" sx={{ gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
            <Chip size="small" label={t('translations.keys', { count: data.totalCount })} />
            <Chip
              size="small"
              color="primary"
              variant="outlined"
              label={t('translations.overrides', { count: data.overrideCount })}
            />
            <Chip
              size="small"
              color={data.missingCount ? 'warning' : 'success'}
              variant="outlined"
              label={t('translations.missing', { count: data.missingCount })}
            />
          </Stack>
        )}
        {!canEdit && (
          <Alert severity="info" sx={{ mt: 1.5 }} data-testid="translations-read-only">
            {t('translations.readOnly')}
          </Alert>
        )}
      </Paper>

      {imported && (
        <Alert severity="success" onClose={() => setImported(null)} data-testid="translations-import-result">
          {t('translations.imported', imported)}
        </Alert>
      )}
      {importError && (
        <Alert severity="error" data-testid="translations-import-errors">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {importError.message.split('.')[0]}.
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {(importError.errors ?? []).slice(0, 20).map((e) => (
              <li key={e.path + e.message}>
                <strong>{e.path}</strong>: {e.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      <Paper variant="outlined">
        <DataTable
          rows={data?.collection}
          testId="translations-table"
          variant="plain"
          stickyHeader={false}
          hover={canEdit}
          emptyText={t('translations.empty')}
          rowKey={(r) => `${r.namespace}:${r.key}`}
          rowTestId={(r) => `translation-row-${r.namespace}:${r.key}`}
          rowSx={() => ({ verticalAlign: 'top' })}
          onRowClick={canEdit ? (r) => setEditing(r) : undefined}
          columns={[
            {
              field: 'key',
              header: t('translations.columns.key'),
              width: '24%',
              cellSx: { ...mono, wordBreak: 'break-all' },
              render: (r) => (
                <>
                  <Typography component="span" color="text.secondary" sx={mono}>
                    {r.namespace}:
                  </Typography>
                  {r.key}
                </>
              ),
            },
            { field: 'source', header: t('translations.columns.source'), width: '26%' },
            {
              field: 'bundled',
              header: t('translations.columns.bundled'),
              width: '25%',
              render: (r) =>
                r.bundled ?? (
                  <Typography component="span" color="warning.main" variant="body2">
                    {t('translations.notBundled')}
                  </Typography>
                ),
            },
            {
              field: 'override',
              header: t('translations.columns.override'),
              width: '25%',
              render: (r) =>
                r.override ? (
                  <Box>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {r.override}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {r.updatedBy} · {formatDateTime(r.updatedAt)}
                    </Typography>
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.disabled">
                    —
                  </Typography>
                ),
            },
          ]}
        />
        <TablePagination
          component="div"
          count={data?.totalCount ?? 0}
          page={data && page * pageSize < data.totalCount ? page : 0}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[25, 50, 100, 200]}
          onRowsPerPageChange={(e) => (setPageSize(Number(e.target.value)), reset())}
          labelRowsPerPage={t('rows')}
        />
      </Paper>
      {editing && canEdit && <EditDialog row={editing} language={language} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

function EditDialog({
  row,
  language,
  onClose,
}: {
  row: TTranslationRow;
  language: TIssuerLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-accounts');
  const [value, setValue] = useState(row.override ?? row.bundled ?? row.source);
  // The server refuses markup (naming the key); the same check shows it while typing.
  const markup = markupProblem(row.source, value);
  const save = useFormMutation({
    mutationFn: (v: string | null) =>
      setTranslationOverride({ language, namespace: row.namespace, key: row.key, value: v }),
    operation: 'Saving a translation',
    success: (r) => (r.override ? t('translations.saved') : t('translations.removed')),
    invalidate: [translationKeys.all],
    onSuccess: () => {
      void refreshTranslations();
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle sx={mono}>
        {row.namespace}:{row.key}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('translations.columns.source')}
            </Typography>
            <Typography variant="body2">{row.source}</Typography>
          </Box>
          <Box>
            <Typography variant="caption" color="text.secondary">
              {t('translations.columns.bundled')} ({language})
            </Typography>
            <Typography variant="body2">{row.bundled ?? t('translations.notBundled')}</Typography>
          </Box>
          {row.placeholders.length > 0 && (
            <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
                {t('translations.placeholders')}
              </Typography>
              {row.placeholders.map((p) => (
                <Chip key={p} size="small" variant="outlined" label={`{{${p}}}`} sx={mono} />
              ))}
            </Stack>
          )}
          <TextField
            label={t('translations.columns.override')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            multiline
            minRows={2}
            autoFocus
            error={!!save.errors.value || !!markup}
            // the check of what is typed now comes first: a server error may be about an earlier value
            helperText={markup ? `The override ${markup}` : (save.errors.value ?? t('translations.overrideHelp'))}
            slotProps={{ htmlInput: { 'data-testid': 'translation-override-input' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        {row.override !== null && (
          <Button color="warning" onClick={() => save.mutate(null)} disabled={save.isPending} sx={{ mr: 'auto' }}>
            {t('translations.removeOverride')}
          </Button>
        )}
        <Button onClick={onClose}>{t('cancel')}</Button>
        <PendingButton
          variant="contained"
          pending={save.isPending}
          disabled={!!markup}
          onClick={() => save.mutate(value)}
          data-testid="translation-save"
        >
          {t('save')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
