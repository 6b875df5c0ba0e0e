/**
 * The job's "story video" (StoryVideo_VIEW): the hub's Story videos visible to the job's issuer, played in the hub's
 * viewer. Hidden without the permission or when there is none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import SlideshowOutlined from '@mui/icons-material/SlideshowOutlined';
import type { TResource } from '@sextant/shared/values';
import { hubResourcesQuery } from '../../api/resources.ts';
import { useCan } from '../../app/current-user.ts';
import { ResourceDialog } from './resource-ui.tsx';

export function StoryVideoButton({ jobId }: { jobId: string }) {
  const allowed = useCan(['StoryVideo_VIEW', 'ResourceHubView']);
  if (!allowed) return null;
  return <StoryVideos jobId={jobId} />;
}

function StoryVideos({ jobId }: { jobId: string }) {
  const { t } = useTranslation('resources');
  const q = useQuery({ ...hubResourcesQuery({ category: 'StoryVideo', jobId }), meta: { silent: true } });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<TResource | null>(null);
  const videos = q.data?.collection ?? [];
  if (!videos.length) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<SlideshowOutlined />}
        onClick={(e) => (videos.length === 1 ? setOpen(videos[0]!) : setAnchor(e.currentTarget))}
        data-testid="story-video"
      >
        {t('story.button')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {videos.map((v) => (
          <MenuItem
            key={v.id}
            onClick={() => {
              setAnchor(null);
              setOpen(v);
            }}
          >
            {v.title}
          </MenuItem>
        ))}
      </Menu>
      <ResourceDialog resource={open} onClose={() => setOpen(null)} />
    </>
  );
}
