import type { Video } from '@app/contracts';
import { Badge } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

/** A class's category badge. */
export function CategoryBadge({ video }: { video: Video }) {
  return (
    <Badge variant="light" tt="none">
      {video.categoria_nombre}
    </Badge>
  );
}

/** "Completada", once the member has watched the class. */
export function CompletedBadge({
  video,
  ...props
}: {
  video: Video;
  className?: string;
  style?: CSSProperties;
}) {
  if (!video.visto) return null;
  return (
    <Badge
      color="teal"
      autoContrast
      tt="none"
      leftSection={<IconCheck size={12} aria-hidden="true" />}
      {...props}
    >
      Completada
    </Badge>
  );
}

/** A class's category, and "Completada" once the member has watched it (in its dialog). */
export function ClassBadges({ video }: { video: Video }) {
  return (
    <>
      <CategoryBadge video={video} />
      <CompletedBadge video={video} />
    </>
  );
}
