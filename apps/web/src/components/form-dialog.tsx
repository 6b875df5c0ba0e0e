/**
 * Reusable form dialog (SPEC §2): fields Autocomplete, TextField, Checkbox, RadioGroup, FileUpload; default
 * buttons No (cancel) and Yes (confirm). An unsupported field type is an error.
 */
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import i18n from '../app/i18n.ts';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { FileUpload } from './file-upload.tsx';
import { PendingButton } from './pending-button.tsx';

export interface TOption {
  value: string;
  label: string;
}

interface TFieldBase {
  name: string;
  label: string;
  required?: boolean;
  helperText?: string;
}
export type TFormField =
  | (TFieldBase & { type: 'autocomplete'; options: TOption[]; multiple?: boolean })
  | (TFieldBase & {
      type: 'text';
      multiline?: boolean;
      inputType?: 'text' | 'email' | 'number' | 'password';
      maxLength?: number;
    })
  | (TFieldBase & { type: 'checkbox' })
  | (TFieldBase & { type: 'radio'; options: TOption[] })
  | (TFieldBase & { type: 'file'; multiple?: boolean; accept?: string });

export const FORM_FIELD_TYPES = ['autocomplete', 'text', 'checkbox', 'radio', 'file'] as const;

export type TFormValue = string | string[] | boolean | File[] | null;
export type TFormValues = Record<string, TFormValue>;

export class UnsupportedFieldTypeError extends Error {
  constructor(type: string) {
    super(i18n.t('table:dialog.unsupportedFieldType', { type }));
    this.name = 'UnsupportedFieldTypeError';
  }
}

export function initialValue(field: TFormField): TFormValue {
  switch (field.type) {
    case 'autocomplete':
      return field.multiple ? [] : null;
    case 'text':
      return '';
    case 'checkbox':
      return false;
    case 'radio':
      return null;
    case 'file':
      return [];
    default:
      throw new UnsupportedFieldTypeError((field as { type: string }).type);
  }
}

/** Required-field check; returns field name → message. */
export function validateForm(fields: TFormField[], values: TFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of fields) {
    const v = values[f.name];
    const empty =
      v === null ||
      v === undefined ||
      v === '' ||
      (Array.isArray(v) && v.length === 0) ||
      (f.type === 'checkbox' && v === false);
    if (f.required && (empty || (typeof v === 'string' && !v.trim())))
      errors[f.name] = i18n.t('table:dialog.required', { label: f.label });
  }
  return errors;
}

function renderField(
  f: TFormField,
  value: TFormValue,
  set: (v: TFormValue) => void,
  error: string | undefined,
  disabled: boolean,
): ReactNode {
  switch (f.type) {
    case 'autocomplete': {
      if (f.multiple) {
        const selected = f.options.filter((o) => (value as string[]).includes(o.value));
        return (
          <Autocomplete
            multiple
            options={f.options}
            value={selected}
            disabled={disabled}
            isOptionEqualToValue={(a, b) => a.value === b.value}
            onChange={(_, v) => set(v.map((o) => o.value))}
            renderInput={(p) => (
              <TextField
                {...p}
                label={f.label}
                required={f.required}
                error={Boolean(error)}
                helperText={error ?? f.helperText}
              />
            )}
          />
        );
      }
      const selected = f.options.find((o) => o.value === value) ?? null;
      return (
        <Autocomplete
          options={f.options}
          value={selected}
          disabled={disabled}
          isOptionEqualToValue={(a, b) => a.value === b.value}
          onChange={(_, v) => set(v?.value ?? null)}
          renderInput={(p) => (
            <TextField
              {...p}
              label={f.label}
              required={f.required}
              error={Boolean(error)}
              helperText={error ?? f.helperText}
            />
          )}
        />
      );
    }
    case 'text':
      return (
        <TextField
          name={f.name}
          label={f.label}
          type={f.inputType ?? 'text'}
          required={f.required}
          multiline={f.multiline}
          minRows={f.multiline ? 3 : undefined}
          value={value as string}
          disabled={disabled}
          onChange={(e) => set(e.target.value)}
          error={Boolean(error)}
          helperText={error ?? f.helperText}
          slotProps={{ htmlInput: { maxLength: f.maxLength } }}
        />
      );
    case 'checkbox':
      return (
        <FormControl error={Boolean(error)}>
          <FormControlLabel
            control={
              <Checkbox checked={value as boolean} disabled={disabled} onChange={(_, c) => set(c)} name={f.name} />
            }
            label={f.label}
          />
          {(error ?? f.helperText) && <FormHelperText>{error ?? f.helperText}</FormHelperText>}
        </FormControl>
      );
    case 'radio':
      return (
        <FormControl error={Boolean(error)} required={f.required}>
          <FormLabel id={`${f.name}-label`}>{f.label}</FormLabel>
          <RadioGroup aria-labelledby={`${f.name}-label`} name={f.name} value={value ?? ''} onChange={(_, v) => set(v)}>
            {f.options.map((o) => (
              <FormControlLabel key={o.value} value={o.value} control={<Radio disabled={disabled} />} label={o.label} />
            ))}
          </RadioGroup>
          {(error ?? f.helperText) && <FormHelperText>{error ?? f.helperText}</FormHelperText>}
        </FormControl>
      );
    case 'file':
      return (
        <FormControl error={Boolean(error)}>
          <FormLabel sx={{ mb: 1 }}>{f.label}</FormLabel>
          <FileUpload
            name={f.name}
            multiple={f.multiple}
            accept={f.accept}
            files={value as File[]}
            onChange={(v) => set(v)}
            disabled={disabled}
            error={error}
          />
        </FormControl>
      );
    default:
      throw new UnsupportedFieldTypeError((f as { type: string }).type);
  }
}

export interface TFormDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  fields: TFormField[];
  initialValues?: TFormValues;
  cancelLabel?: string;
  confirmLabel?: string;
  onCancel: () => void;
  /** May be async: the Yes button shows a spinner and ignores clicks until it settles. */
  onConfirm: (values: TFormValues) => unknown;
}

export function FormDialog({
  open,
  title,
  description,
  fields,
  initialValues,
  cancelLabel,
  confirmLabel,
  onCancel,
  onConfirm,
}: TFormDialogProps) {
  const { t } = useTranslation('table');
  // Resolve initial values eagerly so an unsupported field type fails loudly when the dialog is built.
  const defaults = Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])) as TFormValues;
  const [values, setValues] = useState<TFormValues>(() => ({ ...defaults, ...initialValues }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    const errs = validateForm(fields, values);
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    setPending(true);
    try {
      await onConfirm(values);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="form-dialog-title"
    >
      <DialogTitle id="form-dialog-title">{title}</DialogTitle>
      <DialogContent>
        {description && <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>}
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {fields.map((f) => (
            <div key={f.name}>
              {renderField(
                f,
                values[f.name] ?? null,
                (v) => setValues((s) => ({ ...s, [f.name]: v })),
                errors[f.name],
                pending,
              )}
            </div>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel} disabled={pending}>
          {cancelLabel ?? t('dialog.no')}
        </Button>
        <PendingButton variant="contained" pending={pending} onClick={confirm}>
          {confirmLabel ?? t('dialog.yes')}
        </PendingButton>
      </DialogActions>
    </Dialog>
  );
}
