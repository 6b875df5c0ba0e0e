/** /admin/issuer-manager/create (IssuerArea_CRUD): the issuer form with SPEC §5 validation from the server. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import { createIssuer, issuerKeys } from '../../../api/issuers.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { useFormMutation } from '../admin-ui.tsx';
import { emptyIssuerForm, IssuerForm, issuerBody } from './issuer-form.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const [value, setValue] = useState(emptyIssuerForm);
  const m = useFormMutation({
    operation: 'Creating issuer',
    mutationFn: () => createIssuer(issuerBody(value)),
    invalidate: [issuerKeys.all],
    success: t('issuerCreate.created'),
    onSuccess: (r) => navigate(`/admin/issuer-manager/${r.id}`),
  });
  return (
    <Card variant="outlined">
      <CardContent>
        <IssuerForm value={value} onChange={setValue} errors={m.errors} />
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 3 }}>
          <Button onClick={() => navigate('/admin/issuer-manager')}>{t('common.cancel')}</Button>
          <PendingButton
            variant="contained"
            pending={m.isPending}
            onClick={() => m.mutateAsync(undefined).catch(() => undefined)}
            data-testid="issuer-submit"
          >
            {t('issuers.create')}
          </PendingButton>
        </Stack>
      </CardContent>
    </Card>
  );
}
