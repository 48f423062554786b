import { drivePreviewUrl, type Video } from '@app/contracts';
import { AspectRatio, Box, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { ClassBadges } from './class-badges';
import { MaterialButton } from './material-button';
import { WatchedButton } from './watched-button';

/** The class: a sandboxed 16:9 Google Drive preview, the watched toggle and the material. */
export function ClassDialog({
  video,
  busy,
  onToggleWatched,
  onClose,
  formatDate,
}: {
  video: Video | null;
  busy: boolean;
  onToggleWatched: (video: Video) => void;
  onClose: () => void;
  formatDate: (iso: string) => string;
}) {
  const preview = video ? drivePreviewUrl(video.url) : null;
  return (
    <Modal opened={video !== null} onClose={onClose} size="xl" title={video?.titulo} centered>
      {video && (
        <Stack gap="md">
          <AspectRatio ratio={16 / 9}>
            {preview ? (
              <iframe
                src={preview}
                title={`Vista previa: ${video.titulo}`}
                sandbox="allow-scripts allow-same-origin allow-popups allow-presentation"
                allow="autoplay; fullscreen"
                allowFullScreen
                style={{ border: 0, borderRadius: 8 }}
              />
            ) : (
              <Box bg="dark.8" style={{ borderRadius: 8 }}>
                <Center h="100%">
                  <Text c="dimmed">Vista previa no disponible</Text>
                </Center>
              </Box>
            )}
          </AspectRatio>
          <Group gap="xs">
            <ClassBadges video={video} />
            <Text size="sm" c="dimmed">
              {formatDate(video.fecha_creacion)}
            </Text>
          </Group>
          {video.descripcion && <Text style={{ whiteSpace: 'pre-line' }}>{video.descripcion}</Text>}
          <Group gap="sm">
            <WatchedButton visto={video.visto} busy={busy} onToggle={() => onToggleWatched(video)} />
            {video.material && (
              <MaterialButton url={video.material} label="Descargar material" icon={IconDownload} />
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
