/** /admin/analysis-admin/video-resources/{videoResourceId}: edit, replace the file or poster, preview, delete. */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TResource } from '@sextant/shared/values';
import {
  deleteResource,
  deleteResourcePoster,
  resourceKeys,
  resourceQuery,
  updateResource,
  uploadResourceFile,
  uploadResourcePoster,
  type TResourceUpdate,
} from '../../api/resources.ts';
import { formatDateTime } from '../../app/i18n.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { Field, FieldGrid } from '../../components/field.tsx';
import { Section } from '../../components/section.tsx';
import { useFormMutation } from '../../components/form-mutation.ts';
import { emptyResourceForm, ResourceForm, resourceBody, type TResourceFormValues } from './resource-form.tsx';
import { fileSize, ResourceViewer } from './resource-ui.tsx';
import { FILE_ACCEPT, POSTER_ACCEPT } from './video-resource-create-page.tsx';

const formOf = (r: TResource): TResourceFormValues => ({
  ...emptyResourceForm,
  title: r.title,
  description: r.description,
  category: r.category,
  language: r.language,
  visibility: r.visibility,
  issuerIds: r.issuerIds,
  source: r.source,
  mediaKind: r.mediaKind,
  url: r.url ?? '',
});

export function Component() {
  const { t } = useTranslation('resources');
  const { videoResourceId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ ...resourceQuery(videoResourceId), meta: { operation: 'Loading resource' } });
  const [values, setValues] = useState(emptyResourceForm);
  const [file, setFile] = useState<File[]>([]);
  const [poster, setPoster] = useState<File[]>([]);
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (q.data) setValues(formOf(q.data));
  }, [q.data]);
  const invalidate = [resourceKeys.all];
  const save = useFormMutation({
    operation: 'Saving resource',
    mutationFn: () => updateResource(videoResourceId, resourceBody(values, false) as TResourceUpdate),
    invalidate,
    success: t('form.saved'),
  });
  const upload = useFormMutation({
    operation: 'Uploading resource file',
    mutationFn: () => uploadResourceFile(videoResourceId, file[0]!),
    invalidate,
    success: t('form.fileUploaded'),
    onSuccess: () => setFile([]),
  });
  const sendPoster = useFormMutation({
    operation: 'Uploading poster',
    mutationFn: () => uploadResourcePoster(videoResourceId, poster[0]!),
    invalidate,
    success: t('form.posterUploaded'),
    onSuccess: () => setPoster([]),
  });
  const dropPoster = useFormMutation({
    operation: 'Removing poster',
    mutationFn: () => deleteResourcePoster(videoResourceId),
    invalidate,
    success: t('form.posterRemoved'),
  });
  const remove = useFormMutation({
    operation: 'Deleting resource',
    mutationFn: () => deleteResource(videoResourceId),
    invalidate,
    success: t('form.deleted'),
    onSuccess: () => navigate('/admin/analysis-admin/video-resources'),
  });
  if (q.isError) return <Alert severity="error">{t('admin.loadError')}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={260} />;
  const r = q.data;
  const dirty = JSON.stringify(values) !== JSON.stringify(formOf(r));
  return (
    <Stack spacing={2} data-testid="resource-page">
      <Section
        title={r.title}
        action={
          <Stack direction="row" spacing={1}>
            <Button color="error" onClick={() => setConfirm(true)} data-testid="resource-delete">
              {t('form.delete')}
            </Button>
            <PendingButton
              variant="contained"
              disabled={!dirty}
              pending={save.isPending}
              onClick={() => save.mutateAsync(undefined).catch(() => undefined)}
              data-testid="resource-save"
            >
              {t('form.save')}
            </PendingButton>
          </Stack>
        }
      >
        <Stack spacing={3}>
          <ResourceForm values={values} onChange={setValues} errors={save.errors} sourceFixed />
          <FieldGrid>
            <Field label={t('admin.columns.content')}>
              {r.source === 'link'
                ? t('kinds.link')
                : r.file
                  ? `${r.file.fileName} · ${r.file.contentType} · ${fileSize(r.file.sizeBytes)}`
                  : t('admin.noFile')}
            </Field>
            <Field label={t('admin.createdBy')}>
              {[r.createdByUsername, formatDateTime(r.createdAt)].filter(Boolean).join(' · ')}
            </Field>
            <Field label={t('admin.columns.updated')}>{formatDateTime(r.updatedAt)}</Field>
          </FieldGrid>
        </Stack>
      </Section>
      {r.source === 'upload' && (
        <Section title={r.file ? t('form.replaceFile') : t('form.file')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FileUpload
              label={t('form.pickFile')}
              accept={FILE_ACCEPT}
              files={file}
              onChange={setFile}
              error={upload.errors.file}
              name="resource-file"
            />
            <PendingButton
              variant="outlined"
              disabled={!file.length}
              pending={upload.isPending}
              onClick={() => upload.mutateAsync(undefined).catch(() => undefined)}
            >
              {t('form.upload')}
            </PendingButton>
          </Stack>
          <Typography variant="caption" color="text.secondary">
            {t('form.fileHelper')}
          </Typography>
        </Section>
      )}
      <Section
        title={t('form.poster')}
        action={
          r.posterUrl ? (
            <PendingButton
              size="small"
              pending={dropPoster.isPending}
              onClick={() => dropPoster.mutateAsync(undefined).catch(() => undefined)}
            >
              {t('form.removePoster')}
            </PendingButton>
          ) : undefined
        }
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          {r.posterUrl && <img src={r.posterUrl} alt={t('form.poster')} style={{ maxHeight: 96, borderRadius: 4 }} />}
          <FileUpload
            label={t('form.pickPoster')}
            accept={POSTER_ACCEPT}
            files={poster}
            onChange={setPoster}
            error={sendPoster.errors.file}
            name="poster"
          />
          <PendingButton
            variant="outlined"
            disabled={!poster.length}
            pending={sendPoster.isPending}
            onClick={() => sendPoster.mutateAsync(undefined).catch(() => undefined)}
          >
            {t('form.upload')}
          </PendingButton>
        </Stack>
      </Section>
      <Section title={t('form.preview')}>
        <ResourceViewer resource={r} />
      </Section>
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('form.deleteTitle', { title: r.title })}</DialogTitle>
        <DialogContent>{t('form.deleteConfirm')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('form.no')}</Button>
          <PendingButton
            color="error"
            variant="contained"
            pending={remove.isPending}
            onClick={() => remove.mutateAsync(undefined).catch(() => undefined)}
            data-testid="resource-delete-confirm"
          >
            {t('form.yes')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
