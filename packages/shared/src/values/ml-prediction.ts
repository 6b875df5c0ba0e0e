/**
 * Acceptance-model monitoring values (zod-free): the inputs watched for drift and the drift bands.
 * ml-prediction.ts adds the schemas.
 */
/** Inputs whose distribution is compared run to run (PSI); `prediction` is the model's own output. */
export const ML_DRIFT_INPUTS = [
  'country',
  'spendBand',
  'ticketBand',
  'frequencyBand',
  'paymentTermsBand',
  'paymentMethod',
  'inputMcc',
  'prediction',
] as const;
export type TMlDriftInput = (typeof ML_DRIFT_INPUTS)[number];
const DRIFT_INPUTS: ReadonlySet<string> = new Set<string>(ML_DRIFT_INPUTS);
/** The label of a drift input as stored in a run's JSON (an input this build does not know keeps its name). */
export const driftInputLabel = (input: string): string => (isDriftInput(input) ? ML_DRIFT_INPUT_LABELS[input] : input);
const isDriftInput = (v: string): v is TMlDriftInput => DRIFT_INPUTS.has(v);

export const ML_DRIFT_INPUT_LABELS: Record<TMlDriftInput, string> = {
  country: 'Country',
  spendBand: 'Spend band',
  ticketBand: 'Average ticket band',
  frequencyBand: 'Frequency band',
  paymentTermsBand: 'Payment terms band',
  paymentMethod: 'Payment method',
  inputMcc: 'MCC (buyer data)',
  prediction: 'Predicted acceptance',
};

/** Usual reading of the population stability index: below 0.1 stable, 0.1–0.25 moderate, above 0.25 major. */
export const PSI_BANDS = { moderate: 0.1, major: 0.25 } as const;
export const psiBand = (psi: number | null): 'stable' | 'moderate' | 'major' | 'none' =>
  psi === null ? 'none' : psi >= PSI_BANDS.major ? 'major' : psi >= PSI_BANDS.moderate ? 'moderate' : 'stable';

/** Readable names of the banded input values (bands of acceptance-model.ts). */
export const ML_BAND_LABELS: Partial<Record<TMlDriftInput, Record<string, string>>> = {
  spendBand: { a: '< 1k', b: '1k–10k', c: '10k–100k', d: '100k–1M', e: '≥ 1M' },
  ticketBand: { a: '< 500', b: '500–2.5k', c: '2.5k–10k', d: '≥ 10k' },
};

/** A distribution value as shown: band names, prediction bands as ranges, '?' as unknown. */
export function mlValueLabel(input: string, value: string): string {
  if (value === '?') return 'unknown';
  if (input === 'prediction' && /^\d\.\d$/.test(value)) return `${value}–${(Number(value) + 0.1).toFixed(1)}`;
  return ML_BAND_LABELS[input as TMlDriftInput]?.[value] ?? value;
}
