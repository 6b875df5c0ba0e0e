/** Printable business case (printable type "business-case"): the saved inputs and the outputs, for the PDF download. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TBusinessCase } from '@sextant/shared/values';
import { formatAmount, formatCount, formatPercent } from '../../../lib/format.ts';
import { PrintError, PrintLoading, PrintReady } from '../printable/print-status.tsx';
import type { TPrintableProps } from '../printable/registry.ts';
import { businessCaseSummaryQuery } from './api.ts';
import { FIELDS, toForm } from './inputs.ts';
import { BenefitChart, Headlines, LevelsTable, YearsTable } from './results-view.tsx';
import { DataTable } from '../../../components/data-table/data-table.tsx';

function InputsTable({ bc }: { bc: TBusinessCase }) {
  const { t } = useTranslation('business-case');
  const form = toForm(bc.inputs);
  const show = (path: string, unit: string) => {
    const v = Number(form[path]);
    if (unit === 'currency') return formatAmount(v, bc.base.currency);
    if (unit === 'pct' || unit === 'pctYear') return formatPercent(v);
    return `${formatCount(v)} ${t(`units.${unit}`)}`;
  };
  return (
    <Box data-print-section>
      <DataTable
        rows={FIELDS}
        testId="bc-print-inputs"
        variant="plain"
        stickyHeader={false}
        headless
        rowKey={(f) => f.path}
        columns={[
          {
            id: 'field',
            header: t('inputsTitle'),
            render: (f) => `${t(`groups.${f.group}`)} · ${t(`fields.${f.path}`)}`,
          },
          { id: 'value', header: '', align: 'right', render: (f) => show(f.path, f.unit) },
        ]}
      />
    </Box>
  );
}

export default function BusinessCasePrintable({ jobId }: TPrintableProps) {
  const { t } = useTranslation('business-case');
  const q = useQuery(businessCaseSummaryQuery(jobId));
  if (q.isPending) return <PrintLoading />;
  if (q.isError) return <PrintError message={q.error.message} />;
  const bc = q.data;
  const cur = bc.base.currency;
  return (
    <PrintReady>
      <Box component="header" data-print-section sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('printable.title')}
        </Typography>
        <Typography variant="subtitle1" color="text.secondary" data-testid="bc-print-job">
          {t('printable.subtitle', { job: bc.jobName, date: new Date().toLocaleDateString() })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('base', { suppliers: formatCount(bc.base.suppliers), spend: formatAmount(bc.base.totalSpend, cur) })}
        </Typography>
      </Box>
      <Box component="section" sx={{ mb: 3 }}>
        <Headlines
          outputs={bc.outputs}
          base={bc.base}
          achieved={bc.achieved}
          learned={bc.learned}
          assumed={bc.inputs.conversion}
        />
      </Box>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('results.title')}
        </Typography>
        <YearsTable outputs={bc.outputs} currency={cur} />
      </Box>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('results.chart')}
        </Typography>
        <BenefitChart outputs={bc.outputs} currency={cur} />
      </Box>
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('results.byLevel')}
        </Typography>
        <LevelsTable outputs={bc.outputs} currency={cur} />
      </Box>
      <Box component="section" className="print-page-break">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('inputsTitle')}
        </Typography>
        <InputsTable bc={bc} />
      </Box>
    </PrintReady>
  );
}
