// @vitest-environment jsdom
/** The form dialog as a user meets it: required fields refuse an empty submit, Yes submits the values, No cancels. */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../test/render.tsx';
import { FormDialog, type TFormField } from './form-dialog.tsx';

const fields: TFormField[] = [
  { type: 'text', name: 'name', label: 'Name', required: true, helperText: 'Shown to everyone' },
  { type: 'checkbox', name: 'notify', label: 'Notify the team' },
  {
    type: 'radio',
    name: 'size',
    label: 'Size',
    options: [
      { value: 's', label: 'Small' },
      { value: 'l', label: 'Large' },
    ],
  },
];

const open = (props: Partial<Parameters<typeof FormDialog>[0]> = {}) => {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  renderWithApp(
    <FormDialog open title="New item" fields={fields} onConfirm={onConfirm} onCancel={onCancel} {...props} />,
  );
  return { onConfirm: (props.onConfirm as typeof onConfirm | undefined) ?? onConfirm, onCancel };
};

// Typing is slow on a loaded machine: a generous timeout per test.
describe('FormDialog', { timeout: 120_000 }, () => {
  it('shows the title, the fields and the default No and Yes buttons', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'New item' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Notify the team' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Large' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'No' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Yes' })).toBeTruthy();
  });

  it('an empty required field shows "… is required" and nothing is submitted', async () => {
    const user = userEvent.setup();
    const { onConfirm } = open();
    expect(screen.queryByText('Name is required')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Name' }).getAttribute('aria-invalid')).toBe('true');
    expect(onConfirm).not.toHaveBeenCalled();
    // blanks only are empty too
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Yes submits the values entered', async () => {
    const user = userEvent.setup();
    const { onConfirm } = open();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Widget');
    await user.click(screen.getByRole('checkbox', { name: 'Notify the team' }));
    await user.click(screen.getByRole('radio', { name: 'Large' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith({ name: 'Widget', notify: true, size: 'l' });
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('starts from the initial values and uses the given button labels', async () => {
    const user = userEvent.setup();
    const { onConfirm } = open({ initialValues: { name: 'Old' }, confirmLabel: 'Save', cancelLabel: 'Back' });
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).value).toBe('Old');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onConfirm).toHaveBeenCalledWith({ name: 'Old', notify: false, size: null });
  });

  it('while an async submit runs, the buttons are disabled and a second click does not submit again', async () => {
    const user = userEvent.setup();
    let settle!: () => void;
    const onConfirm = vi.fn(() => new Promise<void>((r) => (settle = r)));
    open({ onConfirm, initialValues: { name: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    expect(screen.getByRole('button', { name: 'No' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: /Yes/ })).catch(() => undefined);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    settle();
    await waitFor(() => expect(screen.getByRole('button', { name: 'No' }).hasAttribute('disabled')).toBe(false));
  });

  it('No cancels without submitting', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = open();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Widget');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Escape cancels too', async () => {
    const user = userEvent.setup();
    const { onCancel } = open();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
