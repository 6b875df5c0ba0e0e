/** /admin/brandings/create (Brandings_CRUD): a new branding; images are uploaded on its page once it exists. */
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { brandingKeys, createBranding } from '../../../api/brandings.ts';
import { useFormMutation } from '../admin-ui.tsx';
import { BrandingForm, emptyBranding, toWrite, type TBrandingFormValues } from './branding-form.tsx';

export function Component() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const m = useFormMutation({
    operation: 'Creating branding',
    mutationFn: (v: TBrandingFormValues) => createBranding(toWrite(v)),
    invalidate: [brandingKeys.all],
    success: t('brandingForm.created'),
    onSuccess: (r) => navigate(`/admin/brandings/${r.brandingId}`),
  });
  return (
    <BrandingForm
      initial={emptyBranding()}
      logoUrl={null}
      submitLabel={t('brandings.create')}
      pending={m.isPending}
      errors={m.errors}
      onSubmit={(v) => m.mutate(v)}
    />
  );
}
