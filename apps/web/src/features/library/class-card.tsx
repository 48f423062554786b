import type { Video } from '@app/contracts';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconPlayerPlay } from '@tabler/icons-react';
import { ClassThumbnail } from './class-thumbnail';
import { CategoryBadge, CompletedBadge } from './class-badges';
import { MaterialButton } from './material-button';
import { WatchedButton } from './watched-button';

/** Tap targets of 44 px or more (phones). */
export const TAP_HEIGHT = 44;

/**
 * One class: picture, badges, date, title, description, 'Ver clase', 'Material' and the watched toggle.
 * "Completada" sits on the picture, so a watched card keeps the height of its neighbours; in a category's row
 * the row's title names the category, so its cards leave the category badge out.
 */
export function ClassCard({
  video,
  formatDate,
  busy,
  onOpen,
  onToggle,
  headingOrder = 2,
  showCategory = true,
}: {
  video: Video;
  formatDate: (iso: string) => string;
  busy: boolean;
  onOpen: (video: Video) => void;
  onToggle: (video: Video) => void;
  headingOrder?: 2 | 3;
  showCategory?: boolean;
}) {
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={video.titulo}
      onClick={() => onOpen(video)}
      style={{ cursor: 'pointer', height: '100%' }}
    >
      <Card.Section mb="sm" pos="relative">
        <ClassThumbnail video={video} />
        <CompletedBadge video={video} style={{ position: 'absolute', top: 8, left: 8 }} />
      </Card.Section>
      <Stack gap="xs" style={{ flex: 1 }}>
        {showCategory && (
          <Group gap="xs">
            <CategoryBadge video={video} />
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {formatDate(video.fecha_creacion)}
        </Text>
        <Title order={headingOrder} size="h4" lineClamp={2}>
          {video.titulo}
        </Title>
        {video.descripcion && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {video.descripcion}
          </Text>
        )}
        {/* The buttons do their own thing, not the card's "open the class". */}
        <Group gap="xs" mt="auto" pt="xs" onClick={(event) => event.stopPropagation()}>
          <Button
            h={TAP_HEIGHT}
            leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
            onClick={() => onOpen(video)}
          >
            Ver clase
          </Button>
          {video.material && (
            <MaterialButton url={video.material} label="Material" icon={IconFileText} h={TAP_HEIGHT} />
          )}
          <WatchedButton visto={video.visto} busy={busy} onToggle={() => onToggle(video)} />
        </Group>
      </Stack>
    </Card>
  );
}
