/** Columns of the three paged ProQ lists: sortable and filterable on PROQ_LIST_PROPERTIES. */
import type { TFunction } from 'i18next';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  PROQ_COMPLETED_STATES,
  PROQ_ERROR_STATES,
  PROQ_LIST_PROPERTIES,
  PROQ_QUEUED_STATES,
  type TProqCommand,
} from '@sextant/shared/values';
import type { TProqList } from '../../../api/proq.ts';
import type { TDataColumn } from '../../../components/data-table/data-table.tsx';
import type { TColumnFilter } from '../../../components/data-table/paging.ts';
import { formatDateTime } from '../../../lib/date-time.ts';
import { formatAge } from '../proq-format.ts';
import { jobLink, ProgressCell, StateChip, TagList } from '../proq-ui.tsx';

const LIST_STATES = { queued: PROQ_QUEUED_STATES, error: PROQ_ERROR_STATES, completed: PROQ_COMPLETED_STATES } as const;
const listed = new Set<string>(PROQ_LIST_PROPERTIES);
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12.5 } as const;
const text: TColumnFilter = { kind: 'text' };
const num: TColumnFilter = { kind: 'number' };
const date: TColumnFilter = { kind: 'date' };
const nowrap = (s: string) => (
  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
    {s}
  </Box>
);

function Message({ value }: { value: string | null }) {
  if (!value) return <>—</>;
  return (
    <Tooltip title={value.length > 80 ? value : ''}>
      <Typography
        variant="body2"
        sx={{ maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {value}
      </Typography>
    </Tooltip>
  );
}

/** `t` is the devops namespace's translation function. */
export function commandColumns(kind: TProqList, commandTypes: string[], t: TFunction): TDataColumn<TProqCommand>[] {
  const states = LIST_STATES[kind];
  const cols: (TDataColumn<TProqCommand> & { sortable?: boolean })[] = [
    {
      field: 'id',
      header: t('columns.id'),
      filter: num,
      render: (r) => (
        <Box component="span" sx={{ ...mono, color: 'text.secondary' }}>
          #{r.id}
        </Box>
      ),
      copyValue: (r) => String(r.id),
    },
    {
      field: 'commandType',
      header: t('columns.type'),
      filter: commandTypes.length
        ? { kind: 'multiselect', options: commandTypes.map((ct) => ({ value: ct, label: ct })) }
        : text,
      render: (r) => (
        <Box component="span" sx={{ ...mono, fontWeight: 600, whiteSpace: 'nowrap' }}>
          {r.commandType}
        </Box>
      ),
    },
    {
      field: 'state',
      header: t('columns.state'),
      filter:
        states.length > 1
          ? { kind: 'multiselect', options: states.map((s) => ({ value: s, label: t(`states.${s}`) })) }
          : undefined,
      render: (r) => <StateChip state={r.state} />,
    },
    ...(kind === 'queued'
      ? [
          {
            field: 'progressPercent',
            header: t('columns.progress'),
            render: (r: TProqCommand) => <ProgressCell c={r} />,
          } satisfies TDataColumn<TProqCommand>,
        ]
      : []),
    {
      field: 'jobName',
      header: t('columns.job'),
      filter: text,
      render: (r) => <Box sx={{ minWidth: 160 }}>{jobLink(r)}</Box>,
    },
    { field: 'category', header: t('columns.category'), filter: text, render: (r) => r.category ?? '—' },
    { field: 'tags', header: t('columns.tags'), filter: text, render: (r) => <TagList tags={r.tags} /> },
    { field: 'priority', header: t('columns.priority'), filter: num, align: 'right' },
    {
      field: 'attempts',
      header: t('columns.attempts'),
      filter: num,
      align: 'right',
      render: (r) => `${r.attempts}/${r.maxAttempts}`,
    },
    {
      field: 'queuedDate',
      header: t('columns.queued'),
      filter: date,
      render: (r) => nowrap(formatDateTime(r.queuedDate)),
    },
    {
      field: 'startedDate',
      header: t('columns.started'),
      filter: date,
      render: (r) => nowrap(formatDateTime(r.startedDate)),
    },
    ...(kind !== 'queued'
      ? [
          {
            field: 'completedDate',
            header: kind === 'error' ? t('columns.ended') : t('columns.completed'),
            filter: date,
            render: (r: TProqCommand) => nowrap(formatDateTime(r.completedDate)),
          } satisfies TDataColumn<TProqCommand>,
        ]
      : []),
    { field: 'age', header: t('columns.age'), align: 'right', render: (r) => nowrap(formatAge(r.age)) },
    {
      field: 'processingGroup',
      header: t('columns.processingGroup'),
      filter: text,
      render: (r) => r.processingGroup ?? '—',
    },
    {
      field: 'batchId',
      header: t('columns.batch'),
      filter: text,
      render: (r) =>
        r.batchId ? (
          <Tooltip title={r.batchId}>
            <Box component="span" sx={{ ...mono, whiteSpace: 'nowrap' }}>
              {r.batchId.length > 18 ? `…${r.batchId.slice(-16)}` : r.batchId}
            </Box>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      field: 'prerequisite',
      header: t('columns.prerequisite'),
      filter: num,
      align: 'right',
      render: (r) =>
        r.prerequisite !== null ? `#${r.prerequisite}` : r.prerequisiteBatchId ? t('columns.batchPrerequisite') : '—',
    },
    ...(kind !== 'queued'
      ? [
          {
            field: 'message',
            header: kind === 'error' ? t('columns.error') : t('columns.message'),
            filter: text,
            render: (r: TProqCommand) => <Message value={r.message} />,
          } satisfies TDataColumn<TProqCommand>,
        ]
      : []),
  ];
  // Sorting and filtering only on the properties the server lists accept.
  return cols.map((c) => {
    const onServer = c.field !== undefined && listed.has(c.field);
    return { ...c, sortable: onServer, filter: onServer ? c.filter : undefined };
  });
}
