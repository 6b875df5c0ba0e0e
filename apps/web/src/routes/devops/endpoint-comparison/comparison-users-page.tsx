/** /endpoint-comparison/users: what the API answers to two users (read-only endpoints), compared field by field. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Autocomplete from '@mui/material/Autocomplete';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import CompareArrowsRounded from '@mui/icons-material/CompareArrowsRounded';
import type { TComparisonUser } from '@sextant/shared/values';
import { comparisonUsersQuery, useCompareUsers } from '../../../api/devops.ts';
import { PendingButton } from '../../../components/pending-button.tsx';
import { formatCount } from '../../../lib/format.ts';
import { DiffTable } from '../devops-ui.tsx';

export function Component() {
  const { t } = useTranslation('devops');
  const users = useQuery(comparisonUsersQuery());
  const [a, setA] = useState<TComparisonUser | null>(null);
  const [b, setB] = useState<TComparisonUser | null>(null);
  const compare = useCompareUsers();
  const result = compare.data;
  const picker = (
    label: string,
    value: TComparisonUser | null,
    set: (u: TComparisonUser | null) => void,
    testId: string,
  ) => (
    <Autocomplete
      options={users.data ?? []}
      loading={users.isLoading}
      value={value}
      onChange={(_, v) => set(v)}
      getOptionLabel={(u) => `${u.displayName} (${u.username})`}
      isOptionEqualToValue={(x, y) => x.id === y.id}
      sx={{ minWidth: 280, flex: 1 }}
      renderInput={(p) => (
        <TextField
          {...p}
          size="small"
          label={label}
          slotProps={{ htmlInput: { ...p.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
  return (
    <Stack spacing={2} data-testid="comparison-users">
      <Typography variant="body2" color="text.secondary">
        {t('comparison.usersIntro')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
            {picker(t('comparison.userA'), a, setA, 'comparison-user-a')}
            {picker(t('comparison.userB'), b, setB, 'comparison-user-b')}
            <PendingButton
              variant="contained"
              startIcon={<CompareArrowsRounded />}
              disabled={!a || !b}
              onClick={() => compare.mutateAsync({ userA: a!.id, userB: b!.id })}
            >
              {t('comparison.compare')}
            </PendingButton>
          </Stack>
        </CardContent>
      </Card>
      {result && (
        <Stack spacing={1} data-testid="comparison-users-result">
          <Typography variant="subtitle2">
            {t('comparison.usersResult', {
              a: result.userA.username,
              b: result.userB.username,
              n: formatCount(result.endpoints.reduce((s, e) => s + e.totalDifferences, 0)),
            })}
          </Typography>
          {result.endpoints.map((e) => (
            <Accordion
              key={e.name}
              variant="outlined"
              disableGutters
              defaultExpanded={e.totalDifferences > 0 && e.totalDifferences < 40}
            >
              <AccordionSummary expandIcon={<ExpandMoreRounded />}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', width: '100%' }}>
                  <Chip size="small" label={e.method} variant="outlined" />
                  <Typography variant="body2" sx={{ fontFamily: 'monospace', flex: 1 }}>
                    {e.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {result.userA.username}: {e.statusA} · {result.userB.username}: {e.statusB}
                  </Typography>
                  <Chip
                    size="small"
                    color={e.totalDifferences ? 'warning' : 'success'}
                    label={t('comparison.differences', {
                      count: e.totalDifferences,
                      n: formatCount(e.totalDifferences),
                    })}
                  />
                </Stack>
              </AccordionSummary>
              <AccordionDetails>
                <DiffTable section={e} />
              </AccordionDetails>
            </Accordion>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
