/**
 * /dev/tools/anonymize-csv: upload a CSV, choose per column what it holds (guessed from the header), download it
 * with consistent pseudonyms (the same value → the same pseudonym everywhere in the file).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ANONYMIZE_KINDS, type TAnonymizeKind, type TAnonymizePreview } from '@sextant/shared/values';
import { anonymizeCsv, anonymizePreview } from '../../api/dev.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';
import { PendingButton } from '../../components/pending-button.tsx';
import { formatCount } from '../../lib/format.ts';
import { Panel } from '../tools/tool-card.tsx';
import { DataTable } from '../../components/data-table/data-table.tsx';

export function Component() {
  const { t } = useTranslation('dev');
  const [files, setFiles] = useState<File[]>([]);
  const [preview, setPreview] = useState<TAnonymizePreview | null>(null);
  const [kinds, setKinds] = useState<Record<string, TAnonymizeKind>>({});
  const read = useMutation({
    mutationFn: (f: File) => anonymizePreview(f),
    onSuccess: (p) => {
      setPreview(p);
      setKinds(Object.fromEntries(p.columns.map((c) => [c.column, c.kind])));
    },
    onError: (e) => notifyError(e, 'Reading the CSV'),
  });
  const run = useMutation({
    mutationFn: () => anonymizeCsv(files[0]!, kinds),
    onSuccess: (h) => notify('success', t('anonymize.done', { count: Number(h.get('x-values-replaced') ?? 0) })),
    onError: (e) => notifyError(e, 'Anonymising the CSV'),
  });
  return (
    <Stack spacing={2.5}>
      <Panel title={t('anonymize.uploadTitle')}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('anonymize.help')}
          </Typography>
          <FileUpload
            files={files}
            accept=".csv,.txt,text/csv"
            name="anonymize"
            onChange={(f) => {
              setFiles(f);
              setPreview(null);
              if (f[0]) read.mutate(f[0]);
            }}
          />
        </Stack>
      </Panel>
      {preview && (
        <Panel
          title={t('anonymize.columnsTitle', { count: preview.rows, rows: formatCount(preview.rows) })}
          action={
            <PendingButton
              variant="contained"
              pending={run.isPending}
              onClick={() => run.mutate()}
              data-testid="anonymize-run"
            >
              {t('anonymize.download')}
            </PendingButton>
          }
        >
          <DataTable
            rows={preview.columns}
            testId="anonymize-columns"
            variant="plain"
            stickyHeader={false}
            rowKey={(c) => c.column}
            columns={[
              { field: 'column', header: t('anonymize.column'), cellSx: { fontWeight: 600 } },
              {
                id: 'kind',
                header: t('anonymize.kind'),
                render: (c) => (
                  <TextField
                    select
                    size="small"
                    value={kinds[c.column] ?? 'keep'}
                    onChange={(e) => setKinds({ ...kinds, [c.column]: e.target.value as TAnonymizeKind })}
                    sx={{ minWidth: 160 }}
                    slotProps={{ htmlInput: { 'data-testid': `kind-${c.column}` } }}
                  >
                    {ANONYMIZE_KINDS.map((k) => (
                      <MenuItem key={k} value={k}>
                        {t(`anonymize.kinds.${k}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                ),
              },
              {
                id: 'sample',
                header: t('anonymize.sample'),
                cellSx: { color: 'text.secondary' },
                render: (c) => c.sample.join(' · '),
              },
            ]}
          />
        </Panel>
      )}
    </Stack>
  );
}
