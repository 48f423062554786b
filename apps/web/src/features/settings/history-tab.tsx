import {
  describeHistoryChange,
  HISTORY_KIND_LABELS,
  HISTORY_MESSAGES as M,
  HISTORY_PAGE_SIZE,
  historyKindLabel,
  type HistoryEntry,
  type HistoryKind,
  type PagePosition,
} from '@app/contracts';
import { Box, Button, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { ListState } from '@/components/list-state';
import { Pager, rangeLabel } from '@/components/pager';
import { downloadText } from '@/lib/download';
import { formatDateTime } from '@/lib/format-date';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { usePublicConfig } from '@/lib/public-config';
import { usePageInRange } from '@/lib/use-page-in-range';
import { errorMessage } from '@/lib/query-client';
import stacked from '@/components/stacked-table.module.css';
import { useExportHistory } from './api/export-history';
import { historyFilterInput, useHistory, type HistoryFilters } from './api/get-history';
import { useHistoryActors } from './api/get-history-actors';

const NO_FILTERS: HistoryFilters = { actor: '', kind: '', from: '', to: '' };

const KIND_OPTIONS = [
  { value: '', label: 'Todas las acciones' },
  ...Object.entries(HISTORY_KIND_LABELS).map(([value, label]) => ({ value, label })),
];

/** Who, which action and between which dates; "Quitar filtros" once any is set. */
function HistoryFilterBar({
  filters,
  actorOptions,
  filtered,
  onChange,
}: {
  filters: HistoryFilters;
  actorOptions: { value: string; label: string }[];
  filtered: boolean;
  onChange: (change: Partial<HistoryFilters>) => void;
}) {
  return (
    <Group align="flex-end" gap="md">
      <Select
        label="Administrador"
        data={actorOptions}
        value={filters.actor}
        onChange={(value) => onChange({ actor: value ?? '' })}
        allowDeselect={false}
        w={{ base: '100%', sm: 260 }}
      />
      <Select
        label="Acción"
        data={KIND_OPTIONS}
        value={filters.kind}
        onChange={(value) => onChange({ kind: (value ?? '') as HistoryKind | '' })}
        allowDeselect={false}
        w={{ base: '100%', sm: 280 }}
      />
      <TextInput
        type="date"
        label="Desde"
        value={filters.from}
        onChange={(event) => onChange({ from: event.currentTarget.value })}
        w={{ base: '100%', sm: 170 }}
      />
      <TextInput
        type="date"
        label="Hasta"
        value={filters.to}
        onChange={(event) => onChange({ to: event.currentTarget.value })}
        w={{ base: '100%', sm: 170 }}
      />
      {filtered && (
        <Button variant="subtle" onClick={() => onChange(NO_FILTERS)}>
          Quitar filtros
        </Button>
      )}
    </Group>
  );
}

/**
 * One row per recorded action: when, who (with the email), what and on which element, and each change. No
 * control in the rows: the region itself takes the focus, so the keyboard can scroll it.
 */
function HistoryTable({
  items,
  timeZone,
  busy,
}: {
  items: HistoryEntry[];
  timeZone: string | undefined;
  busy: boolean;
}) {
  return (
    <Box role="region" aria-label="Acciones registradas" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table
        className={stacked.table}
        style={{ '--table-min': '860px' }}
        striped
        verticalSpacing="sm"
        aria-busy={busy}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fecha</Table.Th>
            <Table.Th>Administrador</Table.Th>
            <Table.Th>Acción</Table.Th>
            <Table.Th>Elemento</Table.Th>
            <Table.Th>Cambios</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td data-label="Fecha">{formatDateTime(entry.created_at, timeZone)}</Table.Td>
              <Table.Td data-label="Administrador">
                {/* The email beside the name: a name can be made to look like another admin's. One box, so on a
                    phone the email stays beside the name instead of falling into the label column. */}
                <div>
                  <Text size="sm">{entry.actor_name}</Text>
                  {entry.actor_email && (
                    <Text size="xs" c="dimmed">
                      {entry.actor_email}
                    </Text>
                  )}
                </div>
              </Table.Td>
              <Table.Td data-label="Acción">{historyKindLabel(entry.kind)}</Table.Td>
              <Table.Td data-label="Elemento">{entry.entity_label}</Table.Td>
              <Table.Td data-label="Cambios">
                {entry.changes.length === 0 ? (
                  '—'
                ) : (
                  <Stack gap={2}>
                    {entry.changes.map((change) => (
                      <Text key={change.field} size="sm">
                        {describeHistoryChange(change)}
                      </Text>
                    ))}
                  </Stack>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}

/** Historial: who changed what in the community, newest first, filtered and exportable. */
export function HistoryTab() {
  const [filters, setFilters] = useState<HistoryFilters>(NO_FILTERS);
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const { page } = position;
  const setPage = useCallback((to: number) => setPosition({ page: to }), []);
  const setFilter = (change: Partial<HistoryFilters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const config = usePublicConfig();
  const timeZone = config.data?.timeZone ?? undefined;
  const actors = useHistoryActors();
  const history = useHistory(position, filters);
  const exporting = useExportHistory();

  usePageInRange(history, page, setPage);
  const total = history.data?.total ?? 0;

  const items = history.data?.items ?? [];
  const filtered = Object.values(filters).some((value) => value !== '');
  const actorOptions = [
    { value: '', label: 'Todos los administradores' },
    ...(actors.data ?? []).map((actor) => ({ value: String(actor.id), label: actor.username })),
  ];

  const runExport = () =>
    exporting.mutate(historyFilterInput(filters), {
      onSuccess: (file) => {
        downloadText(file.filename, file.csv);
        notifyDone(`${file.rows} ${file.rows === 1 ? 'acción exportada' : 'acciones exportadas'}`);
      },
      onError: (error) => notifyFailed(errorMessage(error, M.export)),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>Historial de acciones</Title>
        <ExportCsvButton onClick={runExport} loading={exporting.isPending} />
      </Group>
      <Text c="dimmed" size="sm">
        Cada cambio que hace un administrador: quién, cuándo, qué y cómo estaba antes.
      </Text>

      <HistoryFilterBar
        filters={filters}
        actorOptions={actorOptions}
        filtered={filtered}
        onChange={setFilter}
      />

      <ListState
        loading={history.isPending || config.isPending}
        error={history.error && errorMessage(history.error, M.load)}
        empty={items.length === 0}
        loadingLabel="Cargando historial..."
        emptyLabel={filtered ? M.emptyFiltered : M.empty}
        onRetry={() => void history.refetch()}
      >
        <HistoryTable items={items} timeZone={timeZone} busy={history.isFetching} />

        <Pager
          look="steps"
          of={{
            page,
            total,
            pageSize: HISTORY_PAGE_SIZE,
            next: history.data?.next,
            prev: history.data?.prev,
          }}
          onChange={(_, to) => setPosition(to)}
          status={(shown) => rangeLabel(shown, HISTORY_PAGE_SIZE, total, total === 1 ? 'acción' : 'acciones')}
        />
      </ListState>
    </Stack>
  );
}
