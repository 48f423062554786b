import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDeferredValue } from 'react';
import { Link } from 'react-router-dom';
import { useFeed } from './api/member-announcements';

const LATEST = 3;

/**
 * The dashboard's latest announcements for the member, the unread ones marked. Loaded after the first screen
 * (a lazy chunk of its own, below everything else on the dashboard); with none published for the member, nothing shows.
 */
export function DashboardAnnouncements() {
  // Drawn from a deferred copy of the answer: a background render, sliced into short tasks (see AdminOverview).
  const data = useDeferredValue(useFeed(LATEST).data);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" mt="xl" component="section" aria-labelledby="ultimos-comunicados">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h3" id="ultimos-comunicados">
          Comunicados
        </Title>
        {data && data.unread > 0 && (
          <Badge variant="filled">{data.unread === 1 ? '1 sin leer' : `${data.unread} sin leer`}</Badge>
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
