/** File picker (SPEC §5): single or multiple files; a chosen file can be removed; the pick button is disabled while a file is chosen. */
import { useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../app/i18n.ts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import CloseRounded from '@mui/icons-material/CloseRounded';

export interface TFileUploadProps {
  label?: string;
  multiple?: boolean;
  accept?: string;
  files: File[];
  onChange: (files: File[]) => void;
  disabled?: boolean;
  error?: string;
  name?: string;
}

const one = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
const size = (t: TFunction, n: number) =>
  n < 1024
    ? t('upload.bytes', { size: formatNumber(n) })
    : n < 1024 * 1024
      ? t('upload.kilobytes', { size: formatNumber(n / 1024, one) })
      : t('upload.megabytes', { size: formatNumber(n / 1024 / 1024, one) });

export function FileUpload({
  label,
  multiple = false,
  accept,
  files,
  onChange,
  disabled,
  error,
  name,
}: TFileUploadProps) {
  const { t } = useTranslation('table');
  const input = useRef<HTMLInputElement>(null);
  const chosen = files.length > 0;
  return (
    <Box>
      <input
        ref={input}
        type="file"
        hidden
        name={name}
        multiple={multiple}
        accept={accept}
        data-testid={name ? `file-input-${name}` : 'file-input'}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          onChange(multiple ? [...files, ...picked] : picked.slice(0, 1));
          e.target.value = '';
        }}
      />
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        disabled={disabled || chosen}
        onClick={() => input.current?.click()}
      >
        {label ?? t('upload.chooseFile')}
      </Button>
      {chosen && (
        <List dense sx={{ mt: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          {files.map((f, i) => (
            <ListItem
              key={`${f.name}-${i}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('upload.remove', { name: f.name })}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                  disabled={disabled}
                >
                  <CloseRounded fontSize="small" />
                </IconButton>
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <InsertDriveFileOutlined fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={f.name} secondary={size(t, f.size)} />
            </ListItem>
          ))}
        </List>
      )}
      {error && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
