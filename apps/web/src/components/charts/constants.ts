/**
 * Chart constants and sizing rules of SPEC §9, as named values and pure functions so every chart (insights,
 * summary, reports, presentation) follows the same rules and the unit tests pin them.
 */

/** More bars than this switch a bar chart to large mode (`large: true`, no per-bar labels). */
export const LARGE_DATASET_THRESHOLD = 1300;
/** The canvas height budget of one chart in px. */
export const MAX_CANVAS_HEIGHT = 65_000;
/** Bars kept at most: 65000 / 15 − 50 ≈ 4283; beyond it the top bars are kept and the rest reported. */
export const MAX_BARS = Math.floor(MAX_CANVAS_HEIGHT / 15 - 50);
/** Minimum height of one bar in px (small / large dataset), used to size a horizontal bar chart. */
export const MIN_BAR_HEIGHT = { small: 25, large: 15 } as const;
/** Category labels are skipped below this height per bar (small / large dataset). */
export const LABEL_SKIP_HEIGHT = { small: 20, large: 10 } as const;
/** Canvas device pixel ratio (small / large dataset). */
export const DEVICE_PIXEL_RATIO = { small: 2, large: 1 } as const;
/** Axis split counts by chart size: 2 up to 165 px, 3 up to 190 px, 4 beyond. */
export const GRID_SPLIT_STEPS = [
  { upTo: 165, splits: 2 },
  { upTo: 190, splits: 3 },
] as const;
export const GRID_SPLIT_MAX = 4;
/** Half-pie (share and waterfall donut) start and end angles in degrees. */
export const HALF_PIE_START_ANGLE = -105;
export const HALF_PIE_END_ANGLE = 105;
/** Tooltip show delay in ms. */
export const TOOLTIP_SHOW_DELAY = 300;
/** Average character width of a bar label in px (to truncate category labels). */
export const BAR_CHAR_WIDTH = 7.5;
/** Width of the category (Y) axis of a horizontal bar chart in px. */
export const Y_AXIS_WIDTH = 100;
/** Rotation of tick labels in degrees. */
export const TICK_ROTATION = -30;
/** Space around the bars (title, axis labels, padding) when sizing a bar chart. */
export const BAR_CHART_CHROME = 60;

export type TDatasetSize = keyof typeof MIN_BAR_HEIGHT;

/** Large mode above the threshold. */
export const isLargeDataset = (bars: number): boolean => bars > LARGE_DATASET_THRESHOLD;
export const datasetSize = (bars: number): TDatasetSize => (isLargeDataset(bars) ? 'large' : 'small');

/** Keeps at most MAX_BARS items (the caller passes them ranked) and says how many were left out. */
export function capBars<T>(items: readonly T[], max = MAX_BARS): { items: T[]; leftOut: number } {
  if (items.length <= max) return { items: [...items], leftOut: 0 };
  return { items: items.slice(0, max), leftOut: items.length - max };
}

/** Number of value-axis splits for a chart of this size in px. */
export function gridSplitCount(size: number): number {
  for (const s of GRID_SPLIT_STEPS) if (size <= s.upTo) return s.splits;
  return GRID_SPLIT_MAX;
}

/** Height of a horizontal bar chart: every bar gets at least its minimum height. */
export function barChartHeight(bars: number, minHeight = 0): number {
  const per = MIN_BAR_HEIGHT[datasetSize(bars)];
  return Math.max(minHeight, Math.max(1, bars) * per + BAR_CHART_CHROME);
}

/** Whether category labels are drawn for bars of this height (else ECharts skips some: interval auto). */
export const showAllLabels = (bars: number, barHeight: number): boolean =>
  barHeight >= LABEL_SKIP_HEIGHT[datasetSize(bars)];

export const pixelRatioFor = (bars: number): number => DEVICE_PIXEL_RATIO[datasetSize(bars)];

/** Characters that fit a label width at the bar character width. */
export const charsThatFit = (width = Y_AXIS_WIDTH): number => Math.max(1, Math.floor(width / BAR_CHAR_WIDTH));

/** A category label cut to fit the Y axis width, with an ellipsis when cut. */
export function truncateLabel(label: string, width = Y_AXIS_WIDTH): string {
  const n = charsThatFit(width);
  return label.length <= n ? label : `${label.slice(0, Math.max(1, n - 1))}…`;
}
