/**
 * /admin/analysis-admin: a card per analysis admin area the user may open (SPEC §2), each with its live figure
 * from GET /api/v1/analysis-admin/overview. An area without a figure provider shows its link only.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import RuleOutlined from '@mui/icons-material/RuleOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import LinkOutlined from '@mui/icons-material/LinkOutlined';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import OndemandVideoOutlined from '@mui/icons-material/OndemandVideoOutlined';
import MergeTypeOutlined from '@mui/icons-material/MergeTypeOutlined';
import MonitorHeartOutlined from '@mui/icons-material/MonitorHeartOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import { ANALYSIS_ADMIN_AREAS, ROUTES, type TAnalysisAdminArea } from '@sextant/shared/values';
import { analysisAdminOverviewQuery } from '../../api/analysis-admin.ts';
import { useRequiredUser } from '../../app/current-user.ts';
import { formatNumber } from '../../app/i18n.ts';

const ICONS: Record<TAnalysisAdminArea, ReactNode> = {
  confidenceRulesets: <VerifiedOutlined />,
  scoringRulesets: <RuleOutlined />,
  aiPrompts: <SmartToyOutlined />,
  translations: <TranslateOutlined />,
  magicLinks: <LinkOutlined />,
  datapointProfiles: <ViewColumnOutlined />,
  videoResources: <OndemandVideoOutlined />,
  mergeLinkedAccounts: <MergeTypeOutlined />,
  mlPrediction: <MonitorHeartOutlined />,
  chatbotDocuments: <DescriptionOutlined />,
};

export function Component() {
  const { t } = useTranslation('analysis-admin');
  const user = useRequiredUser();
  const held = new Set(user.permissions);
  const overview = useQuery({ ...analysisAdminOverviewQuery(), meta: { operation: 'Loading analysis admin' } });
  const figures = new Map((overview.data?.figures ?? []).map((f) => [f.area, f]));
  const areas = ANALYSIS_ADMIN_AREAS.filter((a) => held.has(a.permission));
  return (
    <Box
      data-testid="analysis-admin-dashboard"
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {areas.map((a) => {
        const route = ROUTES.find((r) => r.id === a.routeId)!;
        const figure = figures.get(a.area);
        return (
          <Card key={a.area} variant="outlined" data-testid={`area-${a.area}`}>
            <CardActionArea component={RouterLink} to={route.path} sx={{ height: '100%' }}>
              <CardContent sx={{ p: 2.5 }}>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                  <Box
                    sx={{
                      width: 40,
                      height: 40,
                      borderRadius: 2,
                      display: 'grid',
                      placeItems: 'center',
                      bgcolor: 'action.selected',
                      color: 'primary.main',
                      flexShrink: 0,
                    }}
                  >
                    {ICONS[a.area]}
                  </Box>
                  <Typography sx={{ fontWeight: 600, flex: 1 }}>{t(`areas.${a.area}.title`)}</Typography>
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ minHeight: 40, mb: 1.5 }}>
                  {t(`areas.${a.area}.description`)}
                </Typography>
                <Stack direction="row" sx={{ alignItems: 'baseline', gap: 1 }}>
                  {overview.isLoading ? (
                    <Skeleton width={80} height={36} />
                  ) : figure ? (
                    <>
                      <Typography variant="h5" component="span" sx={{ fontWeight: 700 }} data-testid="area-figure">
                        {typeof figure.value === 'number' ? formatNumber(figure.value) : figure.value}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(`areas.${a.area}.figure`, { defaultValue: figure.label })}
                      </Typography>
                    </>
                  ) : (
                    <Typography variant="body2" color="primary" sx={{ fontWeight: 600 }}>
                      {t('open')}
                    </Typography>
                  )}
                  <Box sx={{ flex: 1 }} />
                  <ArrowForwardRounded fontSize="small" color="action" />
                </Stack>
              </CardContent>
            </CardActionArea>
          </Card>
        );
      })}
    </Box>
  );
}
