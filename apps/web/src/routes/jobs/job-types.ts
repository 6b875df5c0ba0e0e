/** The three job types as the chooser and the creation page describe them. */
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import JoinInnerRounded from '@mui/icons-material/JoinInnerRounded';
import HubOutlined from '@mui/icons-material/HubOutlined';
import type { TGrant, TJobType } from '@sextant/shared/values';

export const JOB_TYPE_INFO: Record<
  TJobType,
  { icon: typeof TableChartOutlined; summary: string; inputs: string; permission: TGrant }
> = {
  base: {
    icon: TableChartOutlined,
    summary:
      'Upload one supplier summary file. Suppliers are matched to the card network, enriched with industry codes and scored for every payment capability.',
    inputs: 'One CSV or XLSX file with a row per supplier',
    permission: 'JobSummaryUploadAccessor',
  },
  'matched-data-only': {
    icon: JoinInnerRounded,
    summary:
      'Match a supplier file to the card network and download the matched data. No scoring, insights or use cases.',
    inputs: 'One CSV or XLSX file with a row per supplier',
    permission: 'JobMatchedDataOnlyUploadAccessor',
  },
  advanced: {
    icon: HubOutlined,
    summary:
      'Consultant upload of raw documents: spend, POs, invoices, payments and transactions, rolled up per supplier before matching and scoring.',
    inputs: 'Several CSV or XLSX files, each tagged with its data kind',
    permission: 'JobConsultantUploadAccessor',
  },
};
