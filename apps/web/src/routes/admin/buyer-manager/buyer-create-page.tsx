/** /admin/buyer-manager/create (BuyerManagement_CRUD): a buyer belongs to one issuer. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { buyerKeys, createBuyer } from '../../../api/buyers.ts';
import { issuerOptionsQuery } from '../../../api/issuers.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useFormMutation } from '../admin-ui.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const issuers = useQuery(issuerOptionsQuery()).data ?? [];
  const [issuerId, setIssuerId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const m = useFormMutation({
    operation: 'Creating buyer',
    mutationFn: () => createBuyer({ ...(issuerId ? { issuerId } : {}), name, countryIso3: country } as never),
    invalidate: [buyerKeys.lists()],
    success: t('buyerCreate.created'),
    onSuccess: (r) => navigate(`/admin/buyer-manager/${r.id}`),
  });
  const options = issuers.map((i) => ({ value: i.id, label: i.name }));
  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }}>
      <CardContent>
        <Stack spacing={2}>
          <Autocomplete
            options={options}
            value={options.find((o) => o.value === issuerId) ?? null}
            onChange={(_, o) => setIssuerId(o?.value ?? null)}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('buyerCreate.issuer')}
                required
                error={Boolean(m.errors.issuerId)}
                helperText={m.errors.issuerId}
              />
            )}
          />
          <TextField
            label={t('buyerCreate.name')}
            required
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={Boolean(m.errors.name)}
            helperText={m.errors.name}
          />
          <TextField
            label={t('buyerCreate.country')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            error={Boolean(m.errors.countryIso3)}
            helperText={m.errors.countryIso3 ?? t('buyerCreate.countryHelper')}
            slotProps={{ htmlInput: { maxLength: 3 } }}
          />
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate('/admin/buyer-manager')}>{t('common.cancel')}</Button>
            <PendingButton
              variant="contained"
              pending={m.isPending}
              onClick={() => m.mutateAsync(undefined).catch(() => undefined)}
            >
              {t('buyers.create')}
            </PendingButton>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
