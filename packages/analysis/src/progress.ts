/** Progress reporting shared by every step: percent is 0–100 within the step (or the whole run). */
export type ProgressFn = (percent: number, message: string) => void;

export const noProgress: ProgressFn = () => {};

/** Maps a step's 0–100 onto a [from, to] slice of an outer progress bar. */
export function subProgress(outer: ProgressFn | undefined, from: number, to: number): ProgressFn {
  if (!outer) return noProgress;
  return (p, m) => outer(Math.round((from + ((to - from) * Math.max(0, Math.min(100, p))) / 100) * 10) / 10, m);
}
