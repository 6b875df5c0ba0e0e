import { beforeAll, describe, expect, it } from 'vitest';
import { ensureEnglish } from '../app/i18n.ts';
import {
  FORM_FIELD_TYPES,
  initialValue,
  UnsupportedFieldTypeError,
  validateForm,
  type TFormField,
} from './form-dialog.tsx';

// The form's messages are page texts (the `table` namespace): loaded with the first page, as a route does.
beforeAll(() => ensureEnglish());

describe('form dialog fields', () => {
  it('supports exactly Autocomplete, TextField, Checkbox, RadioGroup and FileUpload', () => {
    expect(FORM_FIELD_TYPES).toEqual(['autocomplete', 'text', 'checkbox', 'radio', 'file']);
  });
  it('an unsupported field type is an error', () => {
    expect(() => initialValue({ type: 'slider', name: 's', label: 'S' } as unknown as TFormField)).toThrow(
      UnsupportedFieldTypeError,
    );
  });
  it('checks required fields', () => {
    const fields: TFormField[] = [
      { type: 'text', name: 'name', label: 'Name', required: true },
      { type: 'file', name: 'file', label: 'File', required: true },
      { type: 'checkbox', name: 'ok', label: 'OK' },
    ];
    expect(validateForm(fields, { name: ' ', file: [], ok: false })).toEqual({
      name: 'Name is required',
      file: 'File is required',
    });
    expect(validateForm(fields, { name: 'x', file: [new File(['a'], 'a.csv')], ok: false })).toEqual({});
  });
});
