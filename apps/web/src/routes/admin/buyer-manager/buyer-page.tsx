/** /admin/buyer-manager/{buyerId}: a buyer; holders of BuyerManagement_CRUD rename, re-country or delete it. */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
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
    success: 'Buyer saved',
  });
  const remove = useFormMutation({
    operation: 'Deleting buyer',
    mutationFn: () => deleteBuyer(buyerId),
    invalidate: [buyerKeys.lists()],
    success: 'Buyer deleted',
    onSuccess: () => navigate('/admin/buyer-manager'),
  });
  if (q.isError) return <Alert severity="error">This buyer could not be loaded.</Alert>;
  if (!q.data) return <Skeleton variant="rounded" height={200} />;
  const b = q.data;
  const dirty = name !== b.name || country !== (b.countryIso3 ?? '');
  return (
    <Stack spacing={2}>
      <Section title={b.name}>
        <FieldGrid>
          <Field label="Issuer">{b.issuerName}</Field>
          <Field label="Jobs">{b.jobsCount}</Field>
          <Field label="Created">{`${formatDateTime(b.createdAt)}${b.createdByUsername ? ` by ${b.createdByUsername}` : ''}`}</Field>
        </FieldGrid>
      </Section>
      {canEdit && (
        <Section
          title="Edit"
          action={
            <Stack direction="row" spacing={1}>
              <Button color="error" onClick={() => setConfirm(true)}>
                Delete
              </Button>
              <PendingButton
                variant="contained"
                disabled={!dirty}
                pending={save.isPending}
                onClick={() => save.mutateAsync(undefined).catch(() => undefined)}
              >
                Save
              </PendingButton>
            </Stack>
          }
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={Boolean(save.errors.name)}
              helperText={save.errors.name}
              sx={{ flex: 2 }}
            />
            <TextField
              label="Country"
              value={country}
              onChange={(e) => setCountry(e.target.value)}
              error={Boolean(save.errors.countryIso3)}
              helperText={save.errors.countryIso3 ?? '3 letters, or empty'}
              slotProps={{ htmlInput: { maxLength: 3 } }}
              sx={{ flex: 1 }}
            />
          </Stack>
        </Section>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)}>
        <DialogTitle>Delete {b.name}?</DialogTitle>
        <DialogContent>
          {b.jobsCount > 0 ? `This buyer has ${b.jobsCount} job(s) and cannot be deleted.` : 'This cannot be undone.'}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>No</Button>
          <PendingButton
            color="error"
            variant="contained"
            disabled={b.jobsCount > 0}
            pending={remove.isPending}
            onClick={() => remove.mutateAsync(undefined).catch(() => undefined)}
          >
            Yes
          </PendingButton>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
