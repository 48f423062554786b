import { Anchor, Badge, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTimeZone } from '@/lib/public-config';
import { CreatePostButton } from './create-post-button';
import type { ProviderConfig, VideoView } from './providers';

/** The record just saved: provider badge, author, duration, date and the download link when there is one. */
export function VideoResultCard({ config, video }: { config: ProviderConfig; video: VideoView }) {
  const timeZone = useTimeZone();
  return (
    <Card withBorder radius="md" padding="lg" aria-label="Resultado">
      <Group align="flex-start" wrap="wrap" gap="lg">
        {video.thumbnail && (
          <Image src={video.thumbnail} alt={`Miniatura de ${video.title}`} w={240} maw="100%" radius="sm" />
        )}
        <Stack gap={6} style={{ flex: 1, minWidth: 220 }}>
          <Group gap="xs">
            <Badge color={config.badgeColor} variant="light">
              {config.badge}
            </Badge>
            {video.placeholder && (
              <Badge color="yellow" variant="outline">
                Datos provisionales
              </Badge>
            )}
          </Group>
          <Title order={3}>
            {video.pageUrl ? (
              <Anchor href={video.pageUrl} target="_blank" rel="noopener noreferrer" inherit>
                {video.title}
              </Anchor>
            ) : (
              video.title
            )}
          </Title>
          {video.placeholder && (
            <Text size="sm" c="yellow.4">
              No se pudieron obtener los datos reales del video: se muestran datos provisionales.
            </Text>
          )}
          <Text>
            {config.authorColumn}: {video.author || 'Desconocido'}
          </Text>
          <Text>Duración: {video.duration}</Text>
          <Text c="dimmed">{video.dateLine(timeZone)}</Text>
          {video.downloadUrl ? (
            <Button
              component="a"
              href={video.downloadUrl}
              target="_blank"
              rel="noopener noreferrer"
              leftSection={<IconDownload size={18} aria-hidden="true" />}
              w="fit-content"
            >
              Descargar Video
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              El enlace de descarga no está disponible para este video.
            </Text>
          )}
          <CreatePostButton video={video} />
        </Stack>
      </Group>
    </Card>
  );
}
