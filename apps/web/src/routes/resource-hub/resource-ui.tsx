/**
 * Building blocks of the resource hub: the viewer (a video player with range-request seeking, the browser's PDF
 * viewer in a same-origin frame, or an external link), resource cards and labels.
 */
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import CloseRounded from '@mui/icons-material/CloseRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import PlayCircleOutlineRounded from '@mui/icons-material/PlayCircleOutlineRounded';
import LinkRounded from '@mui/icons-material/LinkRounded';
import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { ISSUER_LANGUAGES, type TResource } from '@sextant/shared/values';
import { formatNumber } from '../../app/i18n.ts';

export const languageName = (key: string) => ISSUER_LANGUAGES.find((l) => l.key === key)?.name ?? key;

export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, { maximumFractionDigits: 0 })} KB`;
  return `${formatNumber(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}

/** Plays, shows or links a resource. */
export function ResourceViewer({ resource }: { resource: TResource }) {
  const { t } = useTranslation('resources');
  if (!resource.contentUrl)
    return (
      <Typography color="text.secondary" data-testid="resource-no-file">
        {t('viewer.noFile')}
      </Typography>
    );
  if (resource.source === 'link')
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }} data-testid="resource-link">
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {resource.url}
        </Typography>
        <Button
          variant="contained"
          href={resource.contentUrl}
          target="_blank"
          rel="noopener noreferrer"
          endIcon={<OpenInNewRounded />}
        >
          {t('viewer.openLink')}
        </Button>
      </Stack>
    );
  if (resource.mediaKind === 'video')
    return (
      <Box
        component="video"
        data-testid="resource-video"
        controls
        preload="metadata"
        src={resource.contentUrl}
        poster={resource.posterUrl ?? undefined}
        sx={{ width: '100%', maxHeight: '70vh', bgcolor: 'common.black', borderRadius: 1, display: 'block' }}
      />
    );
  return (
    <Stack spacing={1}>
      <Box
        component="iframe"
        data-testid="resource-document"
        title={resource.title}
        src={resource.contentUrl}
        sx={{
          width: '100%',
          height: '70vh',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button size="small" href={resource.contentUrl} target="_blank" rel="noopener" endIcon={<OpenInNewRounded />}>
          {t('viewer.openTab')}
        </Button>
        <Button
          size="small"
          href={resource.contentUrl}
          download={resource.file?.fileName ?? true}
          startIcon={<FileDownloadOutlined />}
        >
          {t('viewer.download')}
        </Button>
      </Stack>
    </Stack>
  );
}

export function ResourceDialog({ resource, onClose }: { resource: TResource | null; onClose: () => void }) {
  const { t } = useTranslation('resources');
  return (
    <Dialog open={Boolean(resource)} onClose={onClose} maxWidth="lg" fullWidth data-testid="resource-dialog">
      {resource && (
        <>
          <DialogTitle sx={{ pr: 6 }}>
            {resource.title}
            <Typography variant="body2" color="text.secondary">
              {[t(`categories.${resource.category}`), languageName(resource.language)].join(' · ')}
            </Typography>
            <IconButton
              aria-label={t('viewer.close')}
              onClick={onClose}
              sx={{ position: 'absolute', right: 8, top: 8 }}
            >
              <CloseRounded />
            </IconButton>
          </DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <ResourceViewer resource={resource} />
              {resource.description && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
                  {resource.description}
                </Typography>
              )}
            </Stack>
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}

export function KindIcon({ resource, size = 40 }: { resource: TResource; size?: number }) {
  const sx = { fontSize: size };
  if (resource.source === 'link' && resource.mediaKind !== 'video') return <LinkRounded sx={sx} />;
  return resource.mediaKind === 'video' ? <PlayCircleOutlineRounded sx={sx} /> : <DescriptionOutlined sx={sx} />;
}

/** A hub card: poster (or a kind icon on the theme's colour), title, description, category and language. */
export function ResourceCard({ resource, onOpen }: { resource: TResource; onOpen: () => void }) {
  const { t } = useTranslation('resources');
  const theme = useTheme();
  const main = resource.mediaKind === 'video' ? theme.palette.primary.main : theme.palette.secondary.main;
  return (
    <Card variant="outlined" data-testid="resource-card" sx={{ height: '100%' }}>
      <CardActionArea
        onClick={onOpen}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch' }}
      >
        <Box
          sx={{
            height: 132,
            display: 'grid',
            placeItems: 'center',
            color: main,
            background: `linear-gradient(135deg, ${alpha(main, 0.16)}, ${alpha(main, 0.04)})`,
            backgroundImage: resource.posterUrl ? `url(${resource.posterUrl})` : undefined,
            backgroundSize: 'cover',
            backgroundPosition: 'center',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {!resource.posterUrl && <KindIcon resource={resource} size={48} />}
        </Box>
        <Stack spacing={1} sx={{ p: 1.5, flex: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
            {resource.title}
          </Typography>
          {resource.description && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {resource.description}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
            <Chip size="small" label={t(`kinds.${resource.source === 'link' ? 'link' : resource.mediaKind}`)} />
            <Chip size="small" variant="outlined" label={languageName(resource.language)} />
            {resource.file && <Chip size="small" variant="outlined" label={fileSize(resource.file.sizeBytes)} />}
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
