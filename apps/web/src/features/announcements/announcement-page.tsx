import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ListState } from '@/components/list-state';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useReadAnnouncement } from './api/member-announcements';
import { AnnouncementBody } from './announcement-body';
import { MESSAGES as M } from './messages';

/** /mis-comunicados/:id: the web copy of an announcement (the email links here); opening it marks it read. */
export function AnnouncementPage() {
  const id = Number(useParams().id);
  const one = useReadAnnouncement(Number.isSafeInteger(id) && id > 0 ? id : 0);
  const timeZone = useTimeZone();
  return (
    <Container size="md" py="lg">
      <ListState
        loading={one.isPending}
        error={one.error ? errorMessage(one.error, M.load) : null}
        empty={false}
        loadingLabel="Cargando comunicado..."
        emptyLabel=""
        onRetry={() => void one.refetch()}
      >
        {one.data && (
          <Stack component="article">
            <Title order={1}>{one.data.titulo}</Title>
            <Text size="sm" c="dimmed">
              {formatDate(one.data.published_at, timeZone, 'long')}
            </Text>
            <AnnouncementBody html={one.data.cuerpo_html} />
          </Stack>
        )}
      </ListState>
      <Anchor component={Link} to="/mis-comunicados" mt="xl" display="inline-block">
        Ver todos los comunicados
      </Anchor>
    </Container>
  );
}
