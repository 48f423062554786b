import { REDGRAM_MESSAGES, type PagePosition, type RedgramHistoryEntry } from '@app/contracts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCopy, IconRefresh, IconSearch, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PlainList } from '@/components/plain-list';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListState } from '@/components/list-state';
import { Pager } from '@/components/pager';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { useDeleteHistoryEntry } from './api/delete-history-entry';
import { useHistory } from './api/get-history';
import { copyText } from './copy-text';
import { toast } from './toast';

const MODE_LABELS = { escribir: 'Escribir desde Cero', reescribir: 'Reescribir Texto' } as const;
const INPUT_LABELS = { escribir: 'Tema', reescribir: 'Texto original' } as const;

/** "Mi historial": the member's own generations, searched and paged on the server; copy, delete, use again. */
export function HistoryPanel({ onReuse }: { onReuse: (entry: RedgramHistoryEntry) => void }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  useEffect(() => setPosition({ page: 1 }), [debounced]);
  const history = useHistory({ position, search: debounced });
  const remove = useDeleteHistoryEntry();
  const timeZone = useTimeZone();
  const [toDelete, setToDelete] = useState<RedgramHistoryEntry | null>(null);

  const items = history.data?.items ?? [];
  const total = history.data?.total ?? 0;

  const confirmDelete = () => {
    if (!toDelete || remove.isPending) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast(REDGRAM_MESSAGES.historyDeleted),
      onError: (error) => toast(error.message, 'error'),
      onSettled: () => setToDelete(null),
    });
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="redgram-history-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={2}>
            <Title order={2} size="h4" id="redgram-history-title">
              Mi historial
            </Title>
            {history.data && (
              <Text size="sm" c="dimmed">
                Tus generaciones se guardan durante {history.data.retention_days} días.
              </Text>
            )}
          </Stack>
          <Group gap="xs" align="flex-end">
            <TextInput
              label="Buscar en mi historial"
              placeholder="Perfil, tema o texto..."
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              maxLength={200}
            />
            <Tooltip label="Recargar mis generaciones">
              <ActionIcon
                variant="default"
                size="lg"
                aria-label="Recargar mis generaciones"
                onClick={() => void history.refetch()}
              >
                <IconRefresh size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <ListState
          loading={history.isPending}
          error={history.error?.message}
          empty={items.length === 0}
          loadingLabel="Cargando historial..."
          emptyLabel={
            debounced
              ? 'Ninguna generación coincide con la búsqueda.'
              : 'Aún no hay generaciones en tu historial.'
          }
          onRetry={() => void history.refetch()}
        >
          <PlainList gap="sm">
            {items.map((entry) => (
              <HistoryItem
                key={entry.id}
                entry={entry}
                timeZone={timeZone}
                onReuse={() => onReuse(entry)}
                onDelete={() => setToDelete(entry)}
              />
            ))}
          </PlainList>
          <Pager
            look="steps"
            of={{
              page,
              total,
              pageSize: history.data?.pageSize ?? 1,
              next: history.data?.next,
              prev: history.data?.prev,
            }}
            onChange={(_, to) => setPosition(to)}
            status={(shown, pages) => `Página ${shown} de ${pages} · ${total} generaciones`}
          />
        </ListState>
      </Stack>

      <ConfirmDialog
        opened={toDelete !== null}
        title="Eliminar generación"
        message="¿Eliminar esta generación de tu historial? Esta acción no se puede deshacer."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Paper>
  );
}

function HistoryItem({
  entry,
  timeZone,
  onReuse,
  onDelete,
}: {
  entry: RedgramHistoryEntry;
  timeZone: string | undefined;
  onReuse: () => void;
  onDelete: () => void;
}) {
  const several = entry.variants.length > 1;
  return (
    <Paper component="li" withBorder radius="sm" p="md">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {formatDateTime(entry.created_at, timeZone)}
            </Text>
            <Badge variant="light">{entry.profile_name}</Badge>
            <Badge variant="outline" color="gray" tt="none">
              {MODE_LABELS[entry.mode]}
            </Badge>
          </Group>
          <Group gap="xs">
            <Button size="compact-sm" variant="light" onClick={onReuse}>
              Usar de nuevo
            </Button>
            <Tooltip label="Eliminar generación">
              <ActionIcon variant="subtle" color="red" aria-label="Eliminar generación" onClick={onDelete}>
                <IconTrash size={16} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Text size="sm" lineClamp={3}>
          <Text span fw={600} inherit>
            {INPUT_LABELS[entry.mode]}:{' '}
          </Text>
          {entry.input_text}
        </Text>
        {entry.variants.map((text, index) => {
          const name = several ? `variante ${index + 1}` : 'resultado';
          return (
            <Group key={index} align="flex-start" wrap="nowrap" gap="xs">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', flex: 1 }} lineClamp={6}>
                {several && (
                  <Text span fw={600} inherit>
                    Variante {index + 1}:{' '}
                  </Text>
                )}
                {text}
              </Text>
              <Tooltip label={`Copiar ${name}`}>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Copiar ${name}`}
                  onClick={() => void copyText(text)}
                >
                  <IconCopy size={16} aria-hidden="true" />
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
