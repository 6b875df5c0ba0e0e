/** /admin/issuer-manager/{issuerId}: the full issuer view; holders of Issuer_Update edit it, IssuerArea_CRUD deletes it. */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import { deleteIssuer, issuerFullQuery, issuerKeys, updateIssuer } from '../../../api/issuers.ts';
import { useCan } from '../../../app/current-user.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { Field, FieldGrid, Section, Toolbar, useFormMutation } from '../admin-ui.tsx';
import { changedFields, IssuerForm, issuerFormOf, type TIssuerFormValues } from './issuer-form.tsx';
import { SupplierListsSection } from './supplier-lists-section.tsx';
import { AcceptanceFeesSection } from './acceptance-fees-section.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const { issuerId = '' } = useParams();
  const navigate = useNavigate();
  const q = useQuery({ ...issuerFullQuery(issuerId), meta: { operation: 'Loading issuer' } });
  const canEdit = useCan(['Issuer_Update']);
  const canDelete = useCan(['IssuerArea_CRUD', 'Issuer_Delete']);
  const [value, setValue] = useState<TIssuerFormValues | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (q.data) setValue(issuerFormOf(q.data));
  }, [q.data]);
  const changes = q.data && value ? changedFields(issuerFormOf(q.data), value) : {};
  const save = useFormMutation({
    operation: 'Saving issuer',
    mutationFn: () => updateIssuer(issuerId, changes),
    invalidate: [issuerKeys.all],
    success: t('issuer.saved'),
  });
  const remove = useFormMutation({
    operation: 'Deleting issuer',
    mutationFn: () => deleteIssuer(issuerId),
    invalidate: [issuerKeys.lists(), issuerKeys.options()],
    success: t('issuer.deleted'),
    onSuccess: () => navigate('/admin/issuer-manager'),
  });
  if (q.isError) return <Alert severity="error">{t('issuer.loadError')}</Alert>;
  if (!q.data || !value) return <Skeleton variant="rounded" height={320} />;
  const i = q.data;
  const dirty = Object.keys(changes).length > 0;
  return (
    <Stack spacing={2} data-testid="issuer-detail">
      <Toolbar>
        <Button startIcon={<GroupOutlined />} onClick={() => navigate(`/admin/issuer-manager/${i.id}/users`)}>
          {t('issuer.usersButton', { count: i.usersCount })}
        </Button>
        {canDelete && (
          <Button color="error" onClick={() => setConfirmDelete(true)}>
            {t('common.delete')}
          </Button>
        )}
      </Toolbar>
      <Section title={t('issuer.overview')}>
        <FieldGrid>
          <Field label={t('issuer.fields.users')}>{i.usersCount}</Field>
          <Field label={t('issuer.fields.nonDomainUsers')}>{i.numberNonEmailDomainUsers}</Field>
          <Field label={t('issuer.fields.jobs')}>
            {i.jobsCount ? `${i.jobsCount}: ${i.jobNames.join(', ')}` : '0'}
          </Field>
          <Field label={t('issuer.fields.branding')}>{i.brandingDisplayName}</Field>
          <Field label={t('issuer.fields.includeList')}>
            {i.hasSupplierIncludeList ? t('common.yes') : t('common.no')}
          </Field>
          <Field label={t('issuer.fields.excludeList')}>
            {i.hasSupplierExcludeList ? t('common.yes') : t('common.no')}
          </Field>
        </FieldGrid>
      </Section>
      <Section
        title={canEdit ? t('issuer.settings') : t('issuer.settingsReadOnly')}
        action={
          canEdit && (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              {dirty && <Chip size="small" color="warning" label={t('common.unsavedChanges')} />}
              <Button disabled={!dirty} onClick={() => setValue(issuerFormOf(i))}>
                {t('common.discard')}
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
          )
        }
      >
        <IssuerForm value={value} onChange={setValue} errors={save.errors} disabled={!canEdit} />
      </Section>
      <AcceptanceFeesSection issuerId={i.id} fees={i.acceptanceFees} canEdit={canEdit} />
      <SupplierListsSection issuerId={i.id} canEdit={canEdit} />
      <Dialog open={confirmDelete} onClose={() => setConfirmDelete(false)}>
        <DialogTitle>{t('issuer.deleteTitle', { name: i.name })}</DialogTitle>
        <DialogContent>
          {i.jobsCount > 0 ? t('issuer.deleteBlocked', { count: i.jobsCount }) : t('issuer.deleteConfirm')}
          {remove.errors && Object.keys(remove.errors).length > 0 && (
            <Alert severity="error">{Object.values(remove.errors).join('; ')}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDelete(false)}>{t('common.no')}</Button>
          <PendingButton
            color="error"
            variant="contained"
            disabled={i.jobsCount > 0}
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
