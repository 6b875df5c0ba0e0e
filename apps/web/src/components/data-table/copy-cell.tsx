/** Copy-cell icon (ListCellCopyIcon_VIEW): copies the value; "Copied to clipboard" hides after 2000 ms. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';

export const COPY_NOTICE_MS = 2000;

export function CopyCellButton({ value }: { value: string }) {
  const { t } = useTranslation('table');
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Tooltip title={copied ? t('copied') : t('copy')} open={copied ? true : undefined} placement="top">
      <IconButton
        size="small"
        aria-label={t('copyValue')}
        data-testid="copy-cell"
        onClick={async (e) => {
          e.stopPropagation();
          await navigator.clipboard?.writeText(value).catch(() => undefined);
          setCopied(true);
        }}
        sx={{ ml: 0.5, opacity: 0.6, '&:hover': { opacity: 1 } }}
      >
        <ContentCopyRounded sx={{ fontSize: 14 }} />
      </IconButton>
    </Tooltip>
  );
}
