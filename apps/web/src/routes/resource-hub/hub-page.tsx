/** /resource-hub (ResourceHubView): videos and documents by category, searchable, with a player and viewer. */
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import SearchRounded from '@mui/icons-material/SearchRounded';
import {
  ISSUER_LANGUAGES,
  RESOURCE_CATEGORIES,
  type TResource,
  type TResourceCategory,
  type TResourceMediaKind,
} from '@sextant/shared/values';
import { hubResourcesQuery } from '../../api/resources.ts';
import { ResourceCard, ResourceDialog } from './resource-ui.tsx';

export function Component() {
  const { t } = useTranslation('resources');
  const [category, setCategory] = useState<TResourceCategory | null>(null);
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<TResourceMediaKind | 'all'>('all');
  const [language, setLanguage] = useState<(typeof ISSUER_LANGUAGES)[number]['key'] | ''>('');
  const [open, setOpen] = useState<TResource | null>(null);
  const deferred = useDeferredValue(search.trim());
  const q = useQuery({
    ...hubResourcesQuery({
      search: deferred || undefined,
      category: category ?? undefined,
      mediaKind: kind === 'all' ? undefined : kind,
      language: language || undefined,
    }),
    meta: { operation: 'Loading resources' },
  });
  const counts = useMemo(() => q.data?.categoryCounts ?? {}, [q.data]);
  const total = useMemo(() => Object.values(counts).reduce((s, n) => s + n, 0), [counts]);
  const groups = useMemo(() => {
    const rows = q.data?.collection ?? [];
    return RESOURCE_CATEGORIES.map((c) => ({ category: c, items: rows.filter((r) => r.category === c) })).filter(
      (g) => g.items.length,
    );
  }, [q.data]);

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: 'flex-start' }}>
      <Paper variant="outlined" sx={{ width: { xs: '100%', md: 240 }, flexShrink: 0 }}>
        <Typography variant="overline" color="text.secondary" sx={{ px: 2, pt: 1.5, display: 'block' }}>
          {t('hub.categories')}
        </Typography>
        <List dense data-testid="hub-categories">
          <ListItemButton selected={category === null} onClick={() => setCategory(null)}>
            <ListItemText primary={t('hub.allCategories')} />
            <Typography variant="caption" color="text.secondary">
              {total}
            </Typography>
          </ListItemButton>
          {RESOURCE_CATEGORIES.filter((c) => counts[c]).map((c) => (
            <ListItemButton
              key={c}
              selected={category === c}
              onClick={() => setCategory(c)}
              data-testid={`category-${c}`}
            >
              <ListItemText primary={t(`categories.${c}`)} />
              <Typography variant="caption" color="text.secondary">
                {counts[c]}
              </Typography>
            </ListItemButton>
          ))}
        </List>
      </Paper>
      <Stack spacing={2} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            size="small"
            placeholder={t('hub.searchPlaceholder')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            sx={{ flex: '1 1 320px', minWidth: 200 }}
            slotProps={{
              htmlInput: { 'aria-label': t('hub.search'), 'data-testid': 'hub-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchRounded fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind}
            onChange={(_, v: TResourceMediaKind | 'all' | null) => v && setKind(v)}
            aria-label={t('hub.kind')}
          >
            <ToggleButton value="all">{t('hub.kindAll')}</ToggleButton>
            <ToggleButton value="video">{t('hub.kindVideo')}</ToggleButton>
            <ToggleButton value="document">{t('hub.kindDocument')}</ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label={t('hub.language')}
            value={language}
            onChange={(e) => setLanguage(ISSUER_LANGUAGES.find((l) => l.key === e.target.value)?.key ?? '')}
            sx={{ flex: '0 0 180px', width: 180 }}
          >
            <MenuItem value="">{t('hub.anyLanguage')}</MenuItem>
            {ISSUER_LANGUAGES.map((l) => (
              <MenuItem key={l.key} value={l.key}>
                {l.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {q.isError && <Alert severity="error">{t('hub.loadError')}</Alert>}
        {q.isPending && <Skeleton variant="rounded" height={220} />}
        {q.data && groups.length === 0 && (
          <Alert severity="info" data-testid="hub-empty">
            {deferred || category || kind !== 'all' || language ? t('hub.noMatch') : t('hub.empty')}
          </Alert>
        )}
        {groups.map((g) => (
          <Box key={g.category} component="section" data-testid={`hub-section-${g.category}`}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t(`categories.${g.category}`)}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
              }}
            >
              {g.items.map((r) => (
                <ResourceCard key={r.id} resource={r} onOpen={() => setOpen(r)} />
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
      <ResourceDialog resource={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
