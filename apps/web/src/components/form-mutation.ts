/**
 * Form mutations whose field-level errors (400/409 `errors`) land beside the fields; other failures go through the
 * usual authorization outcome or an error notification.
 */
import { useState } from 'react';
import { useMutation, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../api/client.ts';
import { handleAuthorizationOutcome } from '../app/query-client.ts';
import { notify, notifyError } from './notifications/notification-store.ts';

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
