import { Button } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { REDGRAM_PATH, redgramDraftState, videoPostText } from '@/lib/redgram-draft';
import { hasPermission, useSession } from '@/lib/session-store';
import type { VideoView } from './providers';

/**
 * "Crear publicación": opens RedGram in "Reescribir Texto" with the video's title, description and link. Shown
 * only to members with the redgram permission (the server refuses RedGram to the others anyway).
 */
export function CreatePostButton({ video, compact = false }: { video: VideoView; compact?: boolean }) {
  const allowed = useSession((state) => hasPermission(state, 'redgram'));
  const navigate = useNavigate();
  if (!allowed) return null;
  const open = () =>
    void navigate(REDGRAM_PATH, {
      state: redgramDraftState({
        mode: 'reescribir',
        text: videoPostText({ title: video.title, description: video.description, link: video.pageUrl }),
      }),
    });
  return (
    <Button
      variant="light"
      color="teal"
      size={compact ? 'compact-sm' : 'sm'}
      leftSection={<IconSparkles size={16} aria-hidden="true" />}
      w="fit-content"
      onClick={open}
      aria-label={compact ? `Crear publicación de ${video.title}` : undefined}
    >
      Crear publicación
    </Button>
  );
}
