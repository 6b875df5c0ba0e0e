/** Theme switcher (Toolbar_Theme_Switcher_VIEW): previews any of the five themes for this browser. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import Check from '@mui/icons-material/Check';
import { THEME_KEYS, THEME_LABELS, type TThemeKey } from '@sextant/shared/values';
import { THEME_TOKENS } from '@sextant/shared/themes';
import { effectiveThemeKey, themeStore, useThemeState } from '../../app/theme/theme-store.ts';

export function ThemeSwitcher() {
  const { t } = useTranslation('shell');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const state = useThemeState();
  const current = effectiveThemeKey(state);
  const choose = (key: TThemeKey | null) => {
    themeStore.setOverride(key);
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title={t('themeSwitcher.tooltip')}>
        <IconButton
          aria-label={t('themeSwitcher.ariaLabel')}
          onClick={(e) => setAnchor(e.currentTarget)}
          data-testid="theme-switcher"
          color="inherit"
        >
          <PaletteOutlined />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {THEME_KEYS.map((key) => (
          <MenuItem
            key={key}
            selected={key === current}
            onClick={() => choose(key)}
            data-testid={`theme-option-${key}`}
          >
            <ListItemIcon>
              <Box
                sx={{
                  width: 18,
                  height: 18,
                  borderRadius: '50%',
                  background: `linear-gradient(135deg, ${THEME_TOKENS[key].navbar.background} 50%, ${THEME_TOKENS[key].primary} 50%)`,
                  border: '1px solid',
                  borderColor: 'divider',
                }}
              />
            </ListItemIcon>
            <ListItemText primary={THEME_LABELS[key]} secondary={key} />
            {key === current && <Check fontSize="small" sx={{ ml: 2 }} />}
          </MenuItem>
        ))}
        {state.override && (
          <MenuItem onClick={() => choose(null)} data-testid="theme-option-reset">
            <ListItemText inset primary={t('themeSwitcher.useBranding')} />
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
