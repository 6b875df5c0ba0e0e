/** A landing card linking to a tool or a Dev page (icon, title, description). */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';

export function ToolCard({
  to,
  title,
  description,
  icon,
  testId,
  children,
}: {
  to: string;
  title: string;
  description: string;
  icon: ReactNode;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', transition: 'border-color .15s', '&:hover': { borderColor: 'primary.main' } }}
    >
      <CardActionArea component={RouterLink} to={to} data-testid={testId} sx={{ height: '100%' }}>
        <CardContent sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
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
              {icon}
            </Box>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
              {title}
            </Typography>
            <ArrowForwardRounded color="action" fontSize="small" />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {description}
          </Typography>
          {children}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** A titled panel of a tool page. */
export function Panel({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent sx={{ p: 2.5 }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
