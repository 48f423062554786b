import {
  ANNOUNCEMENT_STATUS_LABELS,
  AUDIENCE_LABELS,
  type Announcement,
  type AnnouncementProgress,
} from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  List,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { ListState } from '@/components/list-state';
import stacked from '@/components/stacked-table.module.css';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useAnnouncement, useAnnouncementsList, useRecipients } from './api/admin-announcements';
import { useControl } from './api/announcement-actions';
import { AnnouncementBody } from './announcement-body';
import { AnnouncementEditor } from './announcement-editor';
import { LoadMore } from './load-more';
import { MESSAGES as M } from './messages';

const FIGURES: [keyof AnnouncementProgress, string][] = [
  ['sent', 'Enviados'],
  ['pending', 'Pendientes'],
  ['failed', 'Fallidos'],
  ['unsubscribed', 'Sin correo (baja)'],
  ['unknown', 'Desconocidos'],
];

const RECIPIENT_LISTS = {
  unknown: {
    title: 'Resultado desconocido',
    explanation:
      'El envío se interrumpió mientras el servidor de correo recibía estos mensajes: pueden haber llegado o no. ' +
      'No se vuelven a enviar, para que nadie reciba dos copias; cada miembro puede leer el comunicado en la app.',
  },
  failed: { title: 'Correos fallidos', explanation: null },
} as const;

/** The recipients of one state (failed or unknown), a page at a time, once the sending has any. */
function RecipientList({ id, status }: { id: number; status: 'unknown' | 'failed' }) {
  const recipients = useRecipients(id, status, true);
  const { title, explanation } = RECIPIENT_LISTS[status];
  const items = recipients.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {explanation && (
        <Text size="sm" c="dimmed">
          {explanation}
        </Text>
      )}
      <ListState
        loading={recipients.isPending}
        error={recipients.error ? errorMessage(recipients.error, M.load) : null}
        empty={items.length === 0}
        loadingLabel="Cargando destinatarios..."
        emptyLabel="Ninguno"
        onRetry={() => void recipients.refetch()}
      >
        <List size="sm" spacing={4}>
          {items.map((item) => (
            <List.Item key={item.user_id} style={{ overflowWrap: 'anywhere' }}>
              {item.email}
              {item.error ? ` — ${item.error}` : ''}
            </List.Item>
          ))}
        </List>
        <LoadMore
          more={recipients.hasNextPage}
          loading={recipients.isFetchingNextPage}
          onLoad={() => void recipients.fetchNextPage()}
        />
      </ListState>
    </Stack>
  );
}

/** A published announcement: its sending's progress, read again while it runs, with pause and cancel. */
function SendingCard({ announcement, onClose }: { announcement: Announcement; onClose: () => void }) {
  const control = useControl();
  const timeZone = useTimeZone();
  const { status, progress } = announcement;
  const act = (action: 'pause' | 'resume' | 'cancel') => control.mutate({ id: announcement.id, action });
  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-label={announcement.titulo}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3">
            {announcement.titulo}
          </Title>
          <Button variant="subtle" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
        <Group gap="xs">
          <Badge variant="light">{ANNOUNCEMENT_STATUS_LABELS[status]}</Badge>
          <Text size="sm">{AUDIENCE_LABELS[announcement.audience.kind]}</Text>
          {announcement.publish_at && (
            <Text size="sm" c="dimmed">
              {status === 'scheduled' ? 'Se publicará el ' : 'Publicado el '}
              {formatDateTime(announcement.published_at ?? announcement.publish_at, timeZone)}
            </Text>
          )}
        </Group>
        <Group gap="xl" role="status" aria-live="polite" aria-label="Progreso del envío">
          {FIGURES.map(([key, label]) => (
            <Stack gap={0} key={key}>
              <Text size="xl" fw={700}>
                {progress[key]}
              </Text>
              <Text size="sm" c="dimmed">
                {label}
              </Text>
            </Stack>
          ))}
        </Group>
        {progress.unknown > 0 && <RecipientList id={announcement.id} status="unknown" />}
        {progress.failed > 0 && <RecipientList id={announcement.id} status="failed" />}
        {control.error && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(control.error, M.control)}
          </Alert>
        )}
        <Group>
          {status === 'sending' && (
            <Button variant="default" loading={control.isPending} onClick={() => act('pause')}>
              Pausar
            </Button>
          )}
          {status === 'paused' && (
            <Button variant="default" loading={control.isPending} onClick={() => act('resume')}>
              Reanudar
            </Button>
          )}
          {['scheduled', 'sending', 'paused'].includes(status) && (
            <Button color="red" variant="light" loading={control.isPending} onClick={() => act('cancel')}>
              Cancelar envío
            </Button>
          )}
        </Group>
        <AnnouncementBody html={announcement.cuerpo_html} />
      </Stack>
    </Paper>
  );
}

/** The announcement open below the list: the editor for a draft, the sending for the others. */
function OpenAnnouncement({
  id,
  onOpen,
  onClose,
}: {
  id: number | 'new';
  onOpen: (id: number) => void;
  onClose: () => void;
}) {
  const one = useAnnouncement(id === 'new' ? null : id);
  if (id === 'new') return <AnnouncementEditor announcement={null} onSaved={onOpen} onClose={onClose} />;
  if (!one.data) return <Text c="dimmed">Cargando comunicado…</Text>;
  if (one.data.status === 'draft') {
    return (
      <AnnouncementEditor key={one.data.id} announcement={one.data} onSaved={onOpen} onClose={onClose} />
    );
  }
  return <SendingCard announcement={one.data} onClose={onClose} />;
}

/**
 * /comunicados: holders of the tool write, publish and follow the community's announcements; the list is read a
 * page at a time («Cargar más»), and on a phone each row is a card (no table scrolling sideways).
 */
export function AnnouncementsAdminPage() {
  const list = useAnnouncementsList();
  const timeZone = useTimeZone();
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>Comunicados</Title>
          <Button onClick={() => setOpen('new')}>Nuevo comunicado</Button>
        </Group>
        {open !== null && <OpenAnnouncement id={open} onOpen={setOpen} onClose={() => setOpen(null)} />}
        <ListState
          loading={list.isPending}
          error={list.error ? errorMessage(list.error, M.load) : null}
          empty={items.length === 0}
          loadingLabel="Cargando comunicados..."
          emptyLabel="Todavía no hay comunicados"
          onRetry={() => void list.refetch()}
        >
          <Table.ScrollContainer minWidth={560} classNames={{ scrollContainerInner: stacked.inner }}>
            <Table className={stacked.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Título</Table.Th>
                  <Table.Th>Estado</Table.Th>
                  <Table.Th>Publicación</Table.Th>
                  <Table.Th>Enviados</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => (
                  <Table.Tr key={item.id}>
                    <Table.Td>
                      <Button
                        variant="subtle"
                        px={0}
                        onClick={() => setOpen(item.id)}
                        styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
                        h="auto"
                        mih={36}
                      >
                        {item.titulo}
                      </Button>
                    </Table.Td>
                    <Table.Td data-label="Estado">{ANNOUNCEMENT_STATUS_LABELS[item.status]}</Table.Td>
                    <Table.Td data-label="Publicación">
                      {item.publish_at ? formatDateTime(item.publish_at, timeZone) : '—'}
                    </Table.Td>
                    <Table.Td data-label="Enviados">
                      {item.progress.sent} / {item.progress.total}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMore
            more={list.hasNextPage}
            loading={list.isFetchingNextPage}
            onLoad={() => void list.fetchNextPage()}
          />
        </ListState>
      </Stack>
    </Container>
  );
}
