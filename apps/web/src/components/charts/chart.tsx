/**
 * ECharts wrapper: lazy-loads the lean ECharts build, renders on a canvas at the pixel ratio of SPEC §9, follows the
 * container size (the option may be a function of it), and marks the container `data-chart-ready="true"` once
 * ECharts reports 'finished' for the current option (the benchmark's first-chart time and PDF printing wait for it).
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import type { EChartsCoreOption } from 'echarts/core';
import type * as EChartsLib from './echarts-lib.ts';

type TEChartsModule = typeof EChartsLib;
let loading: Promise<TEChartsModule> | null = null;
/** Starts loading ECharts (pages call it early so the library arrives while their data loads). */
export const loadECharts = () => (loading ??= import('./echarts-lib.ts'));

export type TChartSize = { width: number; height: number };

export interface TEChartProps {
  /** The option, or a function of the container size (for axis split counts and label widths). */
  option: EChartsCoreOption | ((size: TChartSize) => EChartsCoreOption);
  height: number;
  /** Canvas device pixel ratio (SPEC §9: 2 small, 1 large datasets). */
  pixelRatio?: number;
  /** Accessible name of the chart. */
  label: string;
  testId?: string;
  onReady?: () => void;
}

export function EChart({ option, height, pixelRatio = 2, label, testId, onReady }: TEChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<ReturnType<TEChartsModule['echarts']['init']> | null>(null);
  const [width, setWidth] = useState(0);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const onReadyRef = useRef(onReady);
  onReadyRef.current = onReady;
  // 'finished' counts once the current option has been handed to ECharts, not before (after init, or after the
  // resize of a chart without its option): data-chart-ready="true" means the chart is drawn with its data.
  const drawing = useRef(false);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // One chart instance per pixel ratio.
  useEffect(() => {
    let disposed = false;
    let instance: ReturnType<TEChartsModule['echarts']['init']> | null = null;
    loadECharts()
      .then(({ echarts }) => {
        if (disposed || !ref.current) return;
        instance = echarts.init(ref.current, null, { renderer: 'canvas', devicePixelRatio: pixelRatio });
        instance.on('finished', () => {
          if (!drawing.current) return;
          setReady(true);
          onReadyRef.current?.();
        });
        setChart(instance);
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      instance?.dispose();
      setChart(null);
    };
  }, [pixelRatio]);

  useEffect(() => {
    if (!chart || width <= 0) return;
    const size = { width: Math.floor(width), height };
    setReady(false);
    drawing.current = false;
    chart.resize({ width: size.width, height });
    drawing.current = true;
    chart.setOption(typeof option === 'function' ? option(size) : option, { notMerge: true });
  }, [chart, option, width, height]);

  return (
    <Box
      ref={ref}
      role="img"
      aria-label={label}
      data-testid={testId}
      data-chart-ready={ready ? 'true' : 'false'}
      data-chart-failed={failed ? 'true' : undefined}
      sx={{ width: '100%', height, minWidth: 0, position: 'relative' }}
    />
  );
}
