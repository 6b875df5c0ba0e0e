/**
 * The shared building blocks the admin pages use, which live in components/ and lib/ (other areas import them from
 * there): labelled fields, section cards, the page toolbar, form mutations and date formatting.
 */
export { Field, FieldGrid } from '../../components/field.tsx';
export { Section, Toolbar } from '../../components/section.tsx';
export { useFormMutation } from '../../components/form-mutation.ts';
export { formatDateTime, uiLocale } from '../../lib/date-time.ts';
