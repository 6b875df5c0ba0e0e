/**
 * /admin/brandings/:brandingId (Brandings_CRUD): edit a branding beside its live preview, upload its logo, favicon
 * and login image (refusals name the problem), and retire it after a confirmation naming what it stops.
 */
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  BRANDING_ASSET_KINDS,
  brandingAssetUrl,
  type TBrandingAssetKind,
  type TBrandingDetail,
} from '@sextant/shared/values';
import {
  brandingKeys,
  brandingQuery,
  retireBranding,
  updateBranding,
  uploadBrandingImage,
} from '../../../api/brandings.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { LoadingScreen } from '../../../components/loading-screen.tsx';
import { formatDateTime, Section, useFormMutation } from '../admin-ui.tsx';
import { BrandingForm, brandingValues, toWrite, type TBrandingFormValues } from './branding-form.tsx';

export function Component() {
  const { brandingId = '' } = useParams();
  const q = useQuery(brandingQuery(brandingId));
  if (!q.data) return <LoadingScreen />;
  return <BrandingEditor key={brandingId} branding={q.data} />;
}

function BrandingEditor({ branding }: { branding: TBrandingDetail }) {
  const { t } = useTranslation('admin');
  const logo = branding.assets.logo;
  const m = useFormMutation({
    operation: 'Saving branding',
    mutationFn: (v: TBrandingFormValues) => updateBranding(branding.brandingId, toWrite(v)),
    invalidate: [brandingKeys.all],
    success: t('brandingForm.saved'),
  });
  return (
    <Stack spacing={2}>
      {branding.retiredAt && (
        <Alert severity="warning">{t('brandingForm.isRetired', { date: formatDateTime(branding.retiredAt) })}</Alert>
      )}
      <BrandingForm
        initial={brandingValues(branding)}
        logoUrl={logo ? brandingAssetUrl(branding.brandingKey, 'logo', logo.version) : null}
        submitLabel={t('brandingForm.save')}
        pending={m.isPending}
        errors={m.errors}
        onSubmit={(v) => m.mutate(v)}
      >
        <Images branding={branding} />
        {!branding.retiredAt && <Retire branding={branding} />}
      </BrandingForm>
    </Stack>
  );
}

function Images({ branding }: { branding: TBrandingDetail }) {
  const { t } = useTranslation('admin');
  return (
    <Section title={t('brandingForm.images')} testId="branding-images">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('brandingForm.imagesHelp')}
      </Typography>
      <Stack spacing={2}>
        {BRANDING_ASSET_KINDS.map((kind) => (
          <ImageRow key={kind} branding={branding} kind={kind} />
        ))}
      </Stack>
    </Section>
  );
}

function ImageRow({ branding, kind }: { branding: TBrandingDetail; kind: TBrandingAssetKind }) {
  const { t } = useTranslation('admin');
  const input = useRef<HTMLInputElement>(null);
  const asset = branding.assets[kind];
  const m = useFormMutation({
    operation: 'Uploading branding image',
    mutationFn: (file: File) => uploadBrandingImage(branding.brandingId, kind, file),
    invalidate: [brandingKeys.all],
    success: t('brandingForm.uploaded'),
  });
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <Typography sx={{ width: 120, fontWeight: 600 }}>{t(`brandingForm.kind.${kind}`)}</Typography>
      <Box
        sx={{
          width: 180,
          height: 48,
          display: 'flex',
          alignItems: 'center',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          px: 1,
          bgcolor: 'background.default',
        }}
      >
        {asset ? (
          <Box
            component="img"
            data-testid={`branding-image-${kind}`}
            src={brandingAssetUrl(branding.brandingKey, kind, asset.version)}
            alt={t(`brandingForm.kind.${kind}`)}
            sx={{ maxHeight: 40, maxWidth: '100%' }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('brandingForm.noImage')}
          </Typography>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={`branding-upload-${kind}`}
        accept="image/svg+xml,image/png,image/jpeg"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) m.mutate(file);
        }}
      />
      <PendingButton variant="outlined" pending={m.isPending} onClick={() => input.current?.click()}>
        {t('brandingForm.upload')}
      </PendingButton>
      {m.errors.file && (
        <Alert severity="error" sx={{ flex: 1 }} data-testid={`branding-upload-error-${kind}`}>
          {m.errors.file}
        </Alert>
      )}
    </Stack>
  );
}

function Retire({ branding }: { branding: TBrandingDetail }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const m = useFormMutation({
    operation: 'Retiring branding',
    mutationFn: () => retireBranding(branding.brandingId),
    invalidate: [brandingKeys.all],
    success: t('brandingForm.retiredDone'),
    onSuccess: async () => {
      setOpen(false);
      await qc.invalidateQueries({ queryKey: brandingKeys.all });
      navigate('/admin/brandings');
    },
  });
  return (
    <Box>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('brandingForm.retire')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>{t('brandingForm.retireTitle', { name: branding.brandingDisplayName })}</DialogTitle>
        <DialogContent>
          <Typography>
            {t('brandingForm.retireConfirm', {
              domains: branding.domains.join(', ') || '—',
              issuers: branding.issuersCount,
            })}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
          <PendingButton color="error" variant="contained" pending={m.isPending} onClick={() => m.mutate(undefined)}>
            {t('brandingForm.retire')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
