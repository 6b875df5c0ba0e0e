/** /admin/analysis-admin/video-resources/create: metadata, then the file (upload) or the link, and a poster. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';

import {
  createResource,
  resourceKeys,
  uploadResourceFile,
  uploadResourcePoster,
  type TResourceCreate,
} from '../../api/resources.ts';
import { isApiError } from '../../api/client.ts';
import { FileUpload } from '../../components/file-upload.tsx';
import { PendingButton } from '../../components/pending-button.tsx';
import { useFormMutation } from '../../components/form-mutation.ts';
import { emptyResourceForm, ResourceForm, resourceBody } from './resource-form.tsx';

export const FILE_ACCEPT = 'video/mp4,video/webm,application/pdf,.mp4,.webm,.pdf';
export const POSTER_ACCEPT = 'image/png,image/jpeg,image/webp';

export function Component() {
  const { t } = useTranslation('resources');
  const navigate = useNavigate();
  const [values, setValues] = useState(emptyResourceForm);
  const [file, setFile] = useState<File[]>([]);
  const [poster, setPoster] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const m = useFormMutation({
    operation: 'Creating resource',
    mutationFn: async () => {
      const created = await createResource(resourceBody(values, true) as TResourceCreate);
      try {
        if (values.source === 'upload') await uploadResourceFile(created.id, file[0]!);
        if (poster[0]) await uploadResourcePoster(created.id, poster[0]);
      } catch (e) {
        // The resource exists: continue on its page, where the file can be sent again.
        setFileError(isApiError(e) ? e.message : String(e));
      }
      return created;
    },
    invalidate: [resourceKeys.all],
    success: t('form.created'),
    onSuccess: (r) => navigate(`/admin/analysis-admin/video-resources/${r.id}`),
  });
  return (
    <Card variant="outlined" sx={{ maxWidth: 820 }}>
      <CardContent>
        <Stack spacing={2}>
          <ResourceForm values={values} onChange={setValues} errors={m.errors} sourceFixed={false} />
          {values.source === 'upload' && (
            <FileUpload
              label={t('form.pickFile')}
              accept={FILE_ACCEPT}
              files={file}
              onChange={setFile}
              error={fileError ?? undefined}
              name="resource-file"
            />
          )}
          <FileUpload
            label={t('form.pickPoster')}
            accept={POSTER_ACCEPT}
            files={poster}
            onChange={setPoster}
            name="poster"
          />
          {fileError && values.source !== 'upload' && <Alert severity="error">{fileError}</Alert>}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/admin/analysis-admin/video-resources')}>{t('form.cancel')}</Button>
            <PendingButton
              variant="contained"
              pending={m.isPending}
              onClick={() => {
                setFileError(null);
                if (values.source === 'upload' && !file[0]) return setFileError(t('form.chooseFile'));
                return m.mutateAsync(undefined).catch(() => undefined);
              }}
              data-testid="resource-save"
            >
              {t('admin.create')}
            </PendingButton>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
