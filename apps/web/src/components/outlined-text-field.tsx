/**
 * MUI's TextField in its outlined variant, without the other variants and the select mode. TextField imports Select
 * (with Menu, Popover, Modal and the focus trap), NativeSelect, FilledInput and Input whatever it renders: 12 KB gzip
 * that a page with plain text inputs (the sign-in page) never uses. The same elements, classes, ids and theme defaults
 * (`MuiTextField` default props and style overrides) as `<TextField>`; outlined-text-field.test.tsx compares the two.
 */
import { forwardRef, useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';
import clsx from 'clsx';
import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import FormControl from '@mui/material/FormControl';
import FormHelperText, { type FormHelperTextProps } from '@mui/material/FormHelperText';
import InputLabel, { type InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { styled, type SxProps, type Theme } from '@mui/material/styles';

/** TextField's root: its name and slot, so the theme's MuiTextField overrides apply here too. */
const Root = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});
/** textFieldClasses.root, written out: importing it put a chunk of its own on the page's path. */
const ROOT_CLASS = 'MuiTextField-root';

export interface TOutlinedTextFieldProps {
  label?: ReactNode;
  name?: string;
  type?: string;
  id?: string;
  value?: unknown;
  defaultValue?: unknown;
  onChange?: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onFocus?: FocusEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  error?: boolean;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  color?: 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  sx?: SxProps<Theme>;
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: OutlinedInputProps['inputProps'];
    inputLabel?: Partial<InputLabelProps>;
    formHelperText?: Partial<FormHelperTextProps>;
  };
}

export const OutlinedTextField = forwardRef<HTMLDivElement, TOutlinedTextFieldProps>(
  function OutlinedTextField(inProps, ref) {
    const props = useDefaultProps({ props: inProps, name: 'MuiTextField' }) as TOutlinedTextFieldProps;
    const {
      label,
      name,
      type,
      id: idOverride,
      value,
      defaultValue,
      onChange,
      onBlur,
      onFocus,
      autoComplete,
      autoFocus = false,
      placeholder,
      error = false,
      helperText,
      required = false,
      disabled = false,
      fullWidth = false,
      size,
      color = 'primary',
      inputRef,
      className,
      sx,
      slotProps = {},
    } = props;
    const reactId = useId();
    const id = idOverride ?? reactId;
    const helperTextId = helperText && id ? `${id}-helper-text` : undefined;
    const inputLabelId = label && id ? `${id}-label` : undefined;
    const notched = slotProps.inputLabel?.shrink;
    return (
      <Root
        ref={ref}
        className={clsx(ROOT_CLASS, className)}
        sx={sx}
        disabled={disabled}
        error={error}
        fullWidth={fullWidth}
        required={required}
        color={color}
        variant="outlined"
        {...(size ? { size } : {})}
      >
        {label != null && label !== '' && (
          <InputLabel htmlFor={id} id={inputLabelId} {...slotProps.inputLabel}>
            {label}
          </InputLabel>
        )}
        <OutlinedInput
          aria-describedby={helperTextId}
          autoComplete={autoComplete}
          autoFocus={autoFocus}
          defaultValue={defaultValue}
          fullWidth={fullWidth}
          multiline={false}
          name={name}
          type={type}
          value={value}
          id={id}
          inputRef={inputRef}
          onBlur={onBlur}
          onChange={onChange}
          onFocus={onFocus}
          placeholder={placeholder}
          inputProps={slotProps.htmlInput}
          label={label}
          {...(notched !== undefined ? { notched } : {})}
          {...slotProps.input}
        />
        {helperText && (
          <FormHelperText id={helperTextId} {...slotProps.formHelperText}>
            {helperText}
          </FormHelperText>
        )}
      </Root>
    );
  },
);
