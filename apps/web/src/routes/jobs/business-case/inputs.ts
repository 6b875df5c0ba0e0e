/** The calculator form: one text value per input field (so partial typing is possible), converted to and from the inputs. */
import type { TBusinessCaseInputs } from '@sextant/shared/values';

export type TGroup = 'conversion' | 'rebate' | 'costs' | 'volume' | 'capital' | 'ramp';
export type TUnit = 'pct' | 'bps' | 'currency' | 'perYear' | 'days' | 'pctYear';

export interface TFieldDef {
  path: string;
  group: TGroup;
  unit: TUnit;
  step: number;
}

export const FIELDS: readonly TFieldDef[] = [
  { path: 'conversion.High', group: 'conversion', unit: 'pct', step: 1 },
  { path: 'conversion.Medium', group: 'conversion', unit: 'pct', step: 1 },
  { path: 'conversion.Low', group: 'conversion', unit: 'pct', step: 1 },
  { path: 'rebateBps', group: 'rebate', unit: 'bps', step: 5 },
  { path: 'paymentCost.Check', group: 'costs', unit: 'currency', step: 0.1 },
  { path: 'paymentCost.ACH', group: 'costs', unit: 'currency', step: 0.1 },
  { path: 'paymentCost.Wire', group: 'costs', unit: 'currency', step: 0.1 },
  { path: 'paymentCost.Card', group: 'costs', unit: 'currency', step: 0.1 },
  { path: 'paymentCost.Other', group: 'costs', unit: 'currency', step: 0.1 },
  { path: 'paymentsPerSupplierPerYear', group: 'volume', unit: 'perYear', step: 1 },
  { path: 'dpoExtensionDays', group: 'capital', unit: 'days', step: 1 },
  { path: 'costOfCapitalPct', group: 'capital', unit: 'pctYear', step: 0.25 },
  { path: 'rampUp.0', group: 'ramp', unit: 'pct', step: 5 },
  { path: 'rampUp.1', group: 'ramp', unit: 'pct', step: 5 },
  { path: 'rampUp.2', group: 'ramp', unit: 'pct', step: 5 },
];
export const GROUPS: readonly TGroup[] = ['conversion', 'rebate', 'costs', 'volume', 'capital', 'ramp'];

export type TForm = Record<string, string>;

function get(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], obj);
}

export function toForm(inputs: TBusinessCaseInputs): TForm {
  return Object.fromEntries(FIELDS.map((f) => [f.path, String(get(inputs, f.path))]));
}

const num = (s: string | undefined) => (s === undefined || s.trim() === '' ? Number.NaN : Number(s));

/** Candidate inputs from the form (unparseable values become NaN, which the schema reports). */
export function fromForm(form: TForm): unknown {
  const n = (p: string) => num(form[p]);
  return {
    conversion: { High: n('conversion.High'), Medium: n('conversion.Medium'), Low: n('conversion.Low') },
    rebateBps: n('rebateBps'),
    paymentCost: {
      Check: n('paymentCost.Check'),
      ACH: n('paymentCost.ACH'),
      Wire: n('paymentCost.Wire'),
      Card: n('paymentCost.Card'),
      Other: n('paymentCost.Other'),
    },
    paymentsPerSupplierPerYear: n('paymentsPerSupplierPerYear'),
    dpoExtensionDays: n('dpoExtensionDays'),
    costOfCapitalPct: n('costOfCapitalPct'),
    rampUp: [n('rampUp.0'), n('rampUp.1'), n('rampUp.2')],
  };
}

export const sameForm = (a: TForm, b: TForm) => FIELDS.every((f) => num(a[f.path]) === num(b[f.path]));
