/**
 * /jobs/:jobId/presentation (JobPresentationAccessor): the insights presentation as slides in the app — the same
 * deck as the PPTX download (GET /presentation) — with keyboard navigation (←/→, PageUp/PageDown, Home/End; Esc
 * leaves full screen, which the browser handles), a full-screen button (Fullscreen API), a slide counter and
 * "Download PPTX".
 */
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import FullscreenExitRounded from '@mui/icons-material/FullscreenExitRounded';
import FullscreenRounded from '@mui/icons-material/FullscreenRounded';
import {
  PRESENTATION_SLIDES,
  PRESENTATION_TOP_N,
  type TPresentationDeck,
  type TPresentationSlide,
} from '@sextant/shared/values';
import { JobLayout } from '../job-layout.tsx';
import { deckQuery, pptxUrl } from '../insights/insights-api.ts';
import { ResultsError } from '../insights/results-error.tsx';
import {
  CapabilityWaterfall,
  HeadlineFigures,
  ScoreDistributions,
  useChartColors,
} from '../summary/summary-sections.tsx';
import { EChart } from '../../../components/charts/chart.tsx';
import { rankedBarChart } from '../../../components/charts/builders.ts';
import { formatAmount, formatCount } from '../../../lib/format.ts';
import { DataTable } from '../../../components/data-table/data-table.tsx';

function RankedSlide({
  rows,
  currency,
  label,
}: {
  rows: TPresentationDeck['countries'];
  currency: string;
  label: string;
}) {
  const colors = useChartColors();
  const chart = useMemo(
    () =>
      rankedBarChart({
        items: rows.map((r) => ({ label: r.name, value: r.spend, details: [formatCount(r.suppliers)] })),
        measure: 'spend',
        currency,
        colors,
        color: colors.series[1],
      }),
    [rows, currency, colors],
  );
  return (
    <EChart
      option={chart.option}
      height={chart.height}
      pixelRatio={chart.pixelRatio}
      label={label}
      testId="slide-chart"
    />
  );
}

function SlideBody({ deck, slide }: { deck: TPresentationDeck; slide: TPresentationSlide }) {
  const { t } = useTranslation('insights');
  const s = deck.summary;
  const cur = s.currency;
  switch (slide) {
    case 'title':
      return (
        <Stack
          spacing={1.5}
          sx={{
            justifyContent: 'center',
            height: '100%',
            pl: { xs: 1, sm: 4 },
            borderLeft: 6,
            borderColor: 'primary.main',
          }}
        >
          <Typography variant="overline" color="primary">
            {t('report.kicker')}
          </Typography>
          <Typography variant="h3" component="p" sx={{ fontWeight: 700 }} data-testid="slide-job-name">
            {deck.jobName}
          </Typography>
          <Typography variant="h6" color="text.secondary">
            {t('report.buyer', { buyer: deck.buyerName ?? '—' })}
          </Typography>
          <Typography color="text.secondary">{deck.date}</Typography>
        </Stack>
      );
    case 'headline':
      return <HeadlineFigures summary={s} />;
    case 'waterfall':
      return <CapabilityWaterfall summary={s} />;
    case 'scores':
      return <ScoreDistributions summary={s} />;
    case 'countries':
      return (
        <RankedSlide rows={deck.countries} currency={cur} label={t('slides.countries', { n: PRESENTATION_TOP_N })} />
      );
    case 'industry':
      return <RankedSlide rows={deck.industry.rows} currency={cur} label={deck.industry.label} />;
    case 'topSuppliers':
      return (
        <DataTable
          rows={deck.topSuppliers}
          testId="slide-top-suppliers"
          variant="plain"
          stickyHeader={false}
          rowKey={(x, i) => `${x.name}-${i}`}
          columns={[
            { field: 'name', header: t('table.supplier') },
            { field: 'country', header: t('table.country'), render: (x) => x.country ?? '—' },
            { field: 'spend', header: t('table.spend'), align: 'right', render: (x) => formatAmount(x.spend, cur) },
            {
              field: 'cardCapability',
              header: t('table.capability'),
              render: (x) => t(`capabilities.${x.cardCapability}`, { defaultValue: x.cardCapability }),
            },
          ]}
        />
      );
    case 'useCases':
      return (
        <DataTable
          rows={deck.useCases}
          testId="slide-use-cases"
          variant="plain"
          stickyHeader={false}
          rowKey={(u) => u.id}
          columns={[
            { field: 'name', header: t('table.useCase') },
            {
              field: 'suppliers',
              header: t('table.suppliers'),
              align: 'right',
              render: (u) => formatCount(u.suppliers),
            },
            { field: 'spend', header: t('table.spend'), align: 'right', render: (u) => formatAmount(u.spend, cur) },
            {
              field: 'estimatedRebate',
              header: t('table.rebate'),
              align: 'right',
              render: (u) => formatAmount(u.estimatedRebate, cur),
            },
          ]}
        />
      );
  }
}

function Deck({ deck }: { deck: TPresentationDeck }) {
  const { t } = useTranslation('insights');
  const [index, setIndex] = useState(0);
  const [full, setFull] = useState(false);
  const frame = useRef<HTMLDivElement>(null);
  const last = PRESENTATION_SLIDES.length - 1;
  const go = useCallback((i: number) => setIndex(Math.max(0, Math.min(last, i))), [last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
      const next: Record<string, () => number> = {
        ArrowRight: () => index + 1,
        PageDown: () => index + 1,
        ArrowLeft: () => index - 1,
        PageUp: () => index - 1,
        Home: () => 0,
        End: () => last,
      };
      const f = next[e.key];
      if (f) {
        e.preventDefault();
        go(f());
      } else if (e.key === 'Escape' && document.fullscreenElement) void document.exitFullscreen();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, last, go]);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };
  const slide = PRESENTATION_SLIDES[index]!;
  const titles: Record<TPresentationSlide, string> = {
    title: t('slides.title'),
    headline: t('sections.headline'),
    waterfall: t('sections.waterfall'),
    scores: t('sections.scores'),
    countries: t('slides.countries', { n: PRESENTATION_TOP_N }),
    industry: t('slides.industry', { n: PRESENTATION_TOP_N, label: deck.industry.label }),
    topSuppliers: t('slides.topSuppliers', { n: PRESENTATION_TOP_N }),
    useCases: t('slides.useCases'),
  };
  const controls: ReactNode = (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <IconButton aria-label={t('slides.previous')} onClick={() => go(index - 1)} disabled={index === 0}>
        <ChevronLeftRounded />
      </IconButton>
      <Typography variant="body2" data-testid="slide-counter" sx={{ minWidth: 56, textAlign: 'center' }}>
        {t('slides.counter', { n: index + 1, total: PRESENTATION_SLIDES.length })}
      </Typography>
      <IconButton aria-label={t('slides.next')} onClick={() => go(index + 1)} disabled={index === last}>
        <ChevronRightRounded />
      </IconButton>
      <Tooltip title={full ? t('slides.exitFullScreen') : t('slides.fullScreen')}>
        <IconButton
          aria-label={full ? t('slides.exitFullScreen') : t('slides.fullScreen')}
          onClick={toggleFull}
          data-testid="fullscreen"
        >
          {full ? <FullscreenExitRounded /> : <FullscreenRounded />}
        </IconButton>
      </Tooltip>
    </Stack>
  );
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h2" sx={{ flex: 1 }}>
          {t('slides.heading')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<DownloadRounded />}
          href={pptxUrl(deck.jobId)}
          download
          data-testid="download-pptx"
        >
          {t('slides.downloadPptx')}
        </Button>
      </Box>
      <Paper
        ref={frame}
        variant="outlined"
        data-testid="slide-frame"
        sx={{
          display: 'flex',
          flexDirection: 'column',
          bgcolor: 'background.paper',
          aspectRatio: full ? undefined : '16 / 9',
          minHeight: full ? '100vh' : 420,
          p: { xs: 2, sm: 4 },
          overflow: 'auto',
        }}
      >
        <Box
          component="section"
          aria-roledescription="slide"
          aria-label={titles[slide]}
          data-testid={`slide-${slide}`}
          data-slide-index={index}
          sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
        >
          {slide !== 'title' && (
            <Typography variant="h4" component="h3" sx={{ fontWeight: 700, mb: 3 }}>
              {titles[slide]}
            </Typography>
          )}
          <Box sx={{ flex: 1, minHeight: 0 }}>
            <SlideBody deck={deck} slide={slide} />
          </Box>
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', mt: 2, gap: 2 }}>
          <Typography variant="caption" color="text.secondary" sx={{ flex: 1 }}>
            {deck.jobName}
          </Typography>
          {controls}
        </Box>
      </Paper>
      <Typography variant="caption" color="text.secondary">
        {t('slides.keys')}
      </Typography>
    </Stack>
  );
}

export function Component() {
  return (
    <JobLayout>
      {(job) => {
        return <DeckLoader jobId={job.id} />;
      }}
    </JobLayout>
  );
}

function DeckLoader({ jobId }: { jobId: string }) {
  const q = useQuery(deckQuery(jobId));
  if (q.isError) return <ResultsError error={q.error} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Skeleton variant="rounded" height={480} data-testid="presentation-loading" />;
  return <Deck deck={q.data} />;
}
