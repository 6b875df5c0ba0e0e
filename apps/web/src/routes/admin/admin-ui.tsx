/**
 * Small building blocks shared by the admin pages: labelled read-only fields, section cards, a page toolbar,
 * form mutations whose field-level errors (400/409 `errors`) land beside the fields, and date formatting.
 */
import { useState, type ReactNode } from 'react';
import { useMutation, type QueryKey, useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/client.ts';
import { currentLanguage } from '../../app/i18n.ts';
import { handleAuthorizationOutcome } from '../../app/query-client.ts';
import { notify, notifyError } from '../../components/notifications/notification-store.ts';

export function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId} sx={{ minWidth: 0 }}>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 600, textTransform: 'uppercase', letterSpacing: '0.04em', display: 'block' }}
      >
        {label}
      </Typography>
      <Box sx={{ wordBreak: 'break-word' }}>
        {children === null || children === undefined || children === '' ? '—' : children}
      </Box>
    </Box>
  );
}

export function FieldGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2" sx={{ flex: 1, minWidth: 160 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

export function Toolbar({ children }: { children: ReactNode }) {
  return (
    <Stack direction="row" sx={{ mb: 2, gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end' }}>
      {children}
    </Stack>
  );
}

/** The Intl locale of the admin pages: the UI language, English as en-GB. */
export const uiLocale = () => {
  const lang = currentLanguage();
  return lang === 'en' ? 'en-GB' : lang;
};

/** Medium date and short time in the UI language (English as en-GB). */
export const formatDateTime = (iso: string | null | undefined) => {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
};

/** Maps API field errors (`body.name`, `values.from`, `sql`) to field names. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error) || !error.errors) return out;
  for (const e of error.errors) {
    const key = e.path.replace(/^(body|query|querystring)\./, '');
    out[key] ??= e.message;
  }
  return out;
}

/**
 * A mutation for forms: validation and conflict errors (400/409 with field errors) are shown by the form; other
 * failures go through the usual authorization outcome or an error notification. Success notifies and
 * invalidates the given query keys.
 */
export function useFormMutation<TVars, TResult>(opts: {
  mutationFn: (vars: TVars) => Promise<TResult>;
  operation: string;
  success?: string | ((r: TResult) => string);
  invalidate?: QueryKey[];
  onSuccess?: (r: TResult, vars: TVars) => void;
}) {
  const qc = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: opts.mutationFn,
    meta: { operation: opts.operation, silent: true },
    onMutate: () => setErrors({}),
    onSuccess: async (r, vars) => {
      await Promise.all((opts.invalidate ?? []).map((queryKey) => qc.invalidateQueries({ queryKey })));
      if (opts.success) notify('success', typeof opts.success === 'function' ? opts.success(r) : opts.success);
      opts.onSuccess?.(r, vars);
    },
    onError: (error) => {
      const fields = fieldErrorsOf(error);
      if (isApiError(error) && (error.status === 400 || error.status === 409) && Object.keys(fields).length) {
        setErrors(fields);
        return;
      }
      if (handleAuthorizationOutcome(error)) return;
      notifyError(error, opts.operation);
    },
  });
  return { ...mutation, errors, setErrors };
}
