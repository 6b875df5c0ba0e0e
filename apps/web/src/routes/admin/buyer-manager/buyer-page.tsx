/** /admin/buyer-manager/{buyerId}: a buyer; holders of BuyerManagement_CRUD rename, re-country or delete it. */
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
import TextField from '@mui/material/TextField';
import { buyerKeys, buyerQuery, deleteBuyer, updateBuyer } from '../../../api/buyers.ts';
import { useCan } from '../../../app/current-user.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Field, FieldGrid, formatDateTime, Section, useFormMutation } from '../admin-ui.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const { buyerId = '' } = useParams();
  const navigate = useNavigate();
  const canEdit = useCan(['BuyerManagement_CRUD']);
  const q = useQuery({ ...buyerQuery(buyerId), meta: { operation: 'Loading buyer' } });
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [confirm, setConfirm] = useState(false);
  useEffect(() => {
    if (q.data) {
      setName(q.data.name);
      setCountry(q.data.countryIso3 ?? '');
    }
  }, [q.data]);
  const save = useFormMutation({
    operation: 'Saving buyer',
    mutationFn: () => updateBuyer(buyerId, { name, countryIso3: country }),
    invalidate: [buyerKeys.lists(), buyerKeys.detail(buyerId)],
    success: t('buyer.saved'),
  });
  const remove = useFormMutation({
    operation: 'Deleting buyer',
    mutationFn: () => deleteBuyer(buyerId),
    invalidate: [buyerKeys.lists()],
    success: t('buyer.deleted'),
    onSuccess: () => navigate('/admin/buyer-manager'),
  });
  if (q.isError) return <Alert severity="error">{t('buyer.loadError')}</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={200} />;
  const b = q.data;
  const dirty = name !== b.name || country !== (b.countryIso3 ?? '');
  return (
    <Stack spacing={2}>
      <Section title={b.name}>
        <FieldGrid>
          <Field label={t('buyer.fields.issuer')}>{b.issuerName}</Field>
          <Field label={t('buyer.fields.jobs')}>{b.jobsCount}</Field>
          <Field label={t('buyer.fields.created')}>
            {b.createdByUsername
              ? t('buyer.createdBy', { date: formatDateTime(b.createdAt), name: b.createdByUsername })
              : formatDateTime(b.createdAt)}
          </Field>
        </FieldGrid>
      </Section>
      {canEdit && (
        <Section
          title={t('buyer.edit')}
          action={
            <Stack direction="row" spacing={1}>
              <Button color="error" onClick={() => setConfirm(true)}>
                {t('common.delete')}
              </Button>
              <PendingButton
                variant="contained"
                disabled={!dirty}
                pending={save.isPending}
                onClick={() => save.mutateAsync(undefined).catch(() => undefined)}
              >
                {t('common.save')}
              </PendingButton>
            </Stack>
          }
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('buyer.name')}
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(save.errors.name)}
              helperText={save.errors.name}
              sx={{ flex: 2 }}
            />
            <TextField
              label={t('buyer.country')}
              value={country}
              onChange={(e) => setCountry(e.target.value)}
              error={Boolean(save.errors.countryIso3)}
              helperText={save.errors.countryIso3 ?? t('buyer.countryHelper')}
              slotProps={{ htmlInput: { maxLength: 3 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Section>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>{t('buyer.deleteTitle', { name: b.name })}</DialogTitle>
        <DialogContent>
          {b.jobsCount > 0 ? t('buyer.deleteBlocked', { count: b.jobsCount }) : t('buyer.deleteConfirm')}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{t('common.no')}</Button>
          <PendingButton
            color="error"
            variant="contained"
            disabled={b.jobsCount > 0}
            pending={remove.isPending}
            onClick={() => remove.mutateAsync(undefined).catch(() => undefined)}
          >
            {t('common.yes')}
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
