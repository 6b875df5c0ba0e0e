/** /admin/users: active, pending, unapproved and deactivated users; 25 a page, username ascending; SPEC §5 filters. */
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import PersonAddAlt1Outlined from '@mui/icons-material/PersonAddAlt1Outlined';
import {
  USER_LIST_TABS,
  USERS_PAGE_SIZE,
  type TFilterItem,
  type TUserListRow,
  type TUserListTab,
} from '@sextant/shared/values';
import { adminUserKeys, fetchUserTab } from '../../../api/admin-users.ts';
import { brandingsQuery, issuerOptionsQuery } from '../../../api/issuers.ts';
import { DataTable, type TDataColumn } from '../../../components/data-table/data-table.tsx';
import { formatDateTime, Toolbar } from '../admin-ui.tsx';

export interface TUserFilters {
  username: string;
  displayName: string;
  issuerId: string | null;
  effectiveBrandingId: string | null;
}
export const EMPTY_USER_FILTERS: TUserFilters = {
  username: '',
  displayName: '',
  issuerId: null,
  effectiveBrandingId: null,
};

/** SPEC §5 user search filters: username and displayName contain, issuer and effective branding equal; empty values dropped. */
export function userFilterItems(f: TUserFilters): TFilterItem[] {
  const items: TFilterItem[] = [];
  if (f.username.trim())
    items.push({ propertyName: 'username', itemComparisonOperator: 'Contains', itemValue: f.username.trim() });
  if (f.displayName.trim())
    items.push({ propertyName: 'displayName', itemComparisonOperator: 'Contains', itemValue: f.displayName.trim() });
  if (f.issuerId) items.push({ propertyName: 'issuerId', itemComparisonOperator: 'Equal', itemValue: f.issuerId });
  if (f.effectiveBrandingId)
    items.push({
      propertyName: 'effectiveBrandingId',
      itemComparisonOperator: 'Equal',
      itemValue: f.effectiveBrandingId,
    });
  return items;
}

const userColumns = (t: TFunction): TDataColumn<TUserListRow>[] => [
  { field: 'username', header: t('users.columns.username'), sortable: true, copyValue: (r) => r.username },
  { field: 'displayName', header: t('users.columns.displayName'), sortable: true },
  { field: 'email', header: t('users.columns.email'), sortable: true, copyValue: (r) => r.email ?? '' },
  {
    field: 'issuerNames',
    header: t('users.columns.issuers'),
    render: (r) =>
      r.issuerNames.length ? (
        <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>
          {r.issuerNames.map((n) => (
            <Chip key={n} size="small" label={n} />
          ))}
        </Stack>
      ) : (
        '—'
      ),
  },
  {
    field: 'effectiveBrandingDisplayName',
    header: t('users.columns.branding'),
    render: (r) =>
      r.effectiveBrandingDisplayName
        ? r.isBrandingInherited
          ? t('users.inherited', { name: r.effectiveBrandingDisplayName })
          : r.effectiveBrandingDisplayName
        : '—',
  },
  {
    field: 'lastActivityAt',
    header: t('users.columns.lastActivity'),
    sortable: true,
    render: (r) => formatDateTime(r.lastActivityAt),
  },
];

export function Component() {
  const { t } = useTranslation('admin');
  const columns = useMemo(() => userColumns(t), [t]);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (USER_LIST_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TUserListTab)
    : 'active';
  const [filters, setFilters] = useState<TUserFilters>(EMPTY_USER_FILTERS);
  const issuers = useQuery(issuerOptionsQuery()).data ?? [];
  const brandings = useQuery(brandingsQuery()).data ?? [];
  const extra = useMemo(() => userFilterItems(filters), [filters]);
  const issuerOptions = issuers.map((i) => ({ value: i.id, label: i.name }));
  const brandingOptions = brandings.map((b) => ({ value: b.brandingId, label: b.brandingDisplayName }));

  return (
    <>
      <Toolbar>
        <Button
          variant="contained"
          startIcon={<PersonAddAlt1Outlined />}
          onClick={() => navigate('/admin/users/create')}
        >
          {t('users.invite')}
        </Button>
      </Toolbar>
      <Paper variant="outlined" sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, v: TUserListTab) => setParams(v === 'active' ? {} : { tab: v }, { replace: true })}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('users.tabsLabel')}
        >
          {USER_LIST_TABS.map((k) => (
            <Tab key={k} value={k} label={t(`users.tabs.${k}`)} data-testid={`users-tab-${k}`} />
          ))}
        </Tabs>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ mb: 2 }} data-testid="user-filters">
        <TextField
          label={t('users.filters.username')}
          size="small"
          value={filters.username}
          onChange={(e) => setFilters((f) => ({ ...f, username: e.target.value }))}
          sx={{ flex: 1 }}
        />
        <TextField
          label={t('users.filters.displayName')}
          size="small"
          value={filters.displayName}
          onChange={(e) => setFilters((f) => ({ ...f, displayName: e.target.value }))}
          sx={{ flex: 1 }}
        />
        <Autocomplete
          size="small"
          options={issuerOptions}
          value={issuerOptions.find((o) => o.value === filters.issuerId) ?? null}
          onChange={(_, v) => setFilters((f) => ({ ...f, issuerId: v?.value ?? null }))}
          renderInput={(p) => <TextField {...p} label={t('users.filters.issuer')} />}
          sx={{ flex: 1, minWidth: 200 }}
        />
        <Autocomplete
          size="small"
          options={brandingOptions}
          value={brandingOptions.find((o) => o.value === filters.effectiveBrandingId) ?? null}
          onChange={(_, v) => setFilters((f) => ({ ...f, effectiveBrandingId: v?.value ?? null }))}
          renderInput={(p) => <TextField {...p} label={t('users.filters.branding')} />}
          sx={{ flex: 1, minWidth: 200 }}
        />
        {extra.length > 0 && (
          <Button onClick={() => setFilters(EMPTY_USER_FILTERS)} sx={{ flexShrink: 0 }}>
            {t('common.clear')}
          </Button>
        )}
      </Stack>
      <DataTable
        key={`${tab}:${JSON.stringify(extra)}`}
        queryKey={[...adminUserKeys.list(tab), extra]}
        fetchPage={(req) =>
          fetchUserTab(tab, { ...req, filters: { filterItems: [...(req.filters?.filterItems ?? []), ...extra] } })
        }
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ propertyName: 'username', direction: 'asc' }}
        pageSize={USERS_PAGE_SIZE}
        rowHref={(r) => `/admin/users/${r.id}`}
        emptyText={t(extra.length ? `users.emptyFiltered.${tab}` : `users.empty.${tab}`)}
        operation="Loading users"
      />
    </>
  );
}
