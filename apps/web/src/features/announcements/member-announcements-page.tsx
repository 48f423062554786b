import { Anchor, Badge, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ListState } from '@/components/list-state';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useFeedPages } from './api/member-announcements';
import { LoadMore } from './load-more';
import { MESSAGES as M } from './messages';

/**
 * /mis-comunicados: the announcements published for the member, newest first, the unread ones marked; a page
 * at a time, «Cargar más» reading the next.
 */
export function MemberAnnouncementsPage() {
  const feed = useFeedPages();
  const timeZone = useTimeZone();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Container size="md" py="lg">
      <Stack>
        <Title order={1}>Comunicados</Title>
        <ListState
          loading={feed.isPending}
          error={feed.error ? errorMessage(feed.error, M.load) : null}
          empty={items.length === 0}
          loadingLabel="Cargando comunicados..."
          emptyLabel="Todavía no hay comunicados para ti"
          onRetry={() => void feed.refetch()}
        >
          <List listStyleType="none" spacing="md">
            {items.map((item) => (
              <List.Item key={item.id}>
                <Group gap="xs">
                  <Anchor component={Link} to={`/mis-comunicados/${item.id}`} fw={item.read ? 400 : 700}>
                    {item.titulo}
                  </Anchor>
                  {!item.read && (
                    <Badge size="sm" variant="filled">
                      Nuevo
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {formatDate(item.published_at, timeZone, 'long')}
                </Text>
              </List.Item>
            ))}
          </List>
          <LoadMore
            more={feed.hasNextPage}
            loading={feed.isFetchingNextPage}
            onLoad={() => void feed.fetchNextPage()}
          />
        </ListState>
      </Stack>
    </Container>
  );
}
