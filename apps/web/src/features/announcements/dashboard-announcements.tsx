import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useFeed } from './api/member-announcements';

const LATEST = 3;

/**
 * The dashboard's latest announcements for the member, the unread ones marked. Loaded after the first screen
 * (a lazy chunk of its own); with none published for the member, nothing shows.
 */
export function DashboardAnnouncements() {
  const feed = useFeed(LATEST);
  const items = feed.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" mt="xl" component="section" aria-labelledby="ultimos-comunicados">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="ultimos-comunicados">
          Comunicados
        </Title>
        {feed.data && feed.data.unread > 0 && (
          <Badge variant="filled">
            {feed.data.unread === 1 ? '1 sin leer' : `${feed.data.unread} sin leer`}
          </Badge>
        )}
      </Group>
      <Stack gap="xs">
        {items.map((item) => (
          <Group key={item.id} gap="xs">
            <Anchor component={Link} to={`/mis-comunicados/${item.id}`} fw={item.read ? 400 : 700}>
              {item.titulo}
            </Anchor>
            {!item.read && (
              <Text component="span" size="xs" c="blue.3" fw={700}>
                Nuevo
              </Text>
            )}
          </Group>
        ))}
        <Anchor component={Link} to="/mis-comunicados" size="sm">
          Ver todos los comunicados
        </Anchor>
      </Stack>
    </Paper>
  );
}
