/** /tools (Tools_Area_VIEW): cards to each tool the user may open. */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import AutoFixHighOutlined from '@mui/icons-material/AutoFixHighOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import { hasAll, ROUTES } from '@sextant/shared/values';
import { useRequiredUser } from '../../app/current-user.ts';
import { ToolCard } from './tool-card.tsx';

const TOOLS = [
  { id: 'companiesHouse', icon: <BusinessOutlined /> },
  { id: 'sendEmail', icon: <MailOutlineRounded /> },
  { id: 'aiAddressParser', icon: <AutoFixHighOutlined /> },
  { id: 'addressValidator', icon: <FactCheckOutlined /> },
] as const;

export function Component() {
  const { t } = useTranslation('tools');
  const held = new Set(useRequiredUser().permissions);
  return (
    <Box
      data-testid="tools-landing"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' } }}
    >
      {TOOLS.map((tool) => {
        const def = ROUTES.find((r) => r.id === tool.id)!;
        if (!hasAll(held, def.permissions)) return null;
        return (
          <ToolCard
            key={tool.id}
            to={def.path}
            title={t(`landing.${tool.id}.title`)}
            description={t(`landing.${tool.id}.description`)}
            icon={tool.icon}
            testId={`tools-card-${tool.id}`}
          />
        );
      })}
    </Box>
  );
}
