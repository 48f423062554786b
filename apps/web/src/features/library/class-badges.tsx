import type { Video } from '@app/contracts';
import { Badge } from '@mantine/core';

/** A class's category, and "Completada" once the member has watched it (on its card and in its dialog). */
export function ClassBadges({ video }: { video: Video }) {
  return (
    <>
      <Badge variant="light">{video.categoria_nombre}</Badge>
      {video.visto && (
        <Badge color="teal" autoContrast>
          Completada
        </Badge>
      )}
    </>
  );
}
