import { Paper, Table, Title } from '@mantine/core';
import { ListState } from '@/components/list-state';
import stacked from '@/components/stacked-table.module.css';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useAnnouncementFigures } from './api/announcement-figures';
import { MESSAGES as M } from './messages';

/** Estadísticas: sent, failed and unsubscribed per announcement (no open tracking). */
export function AnnouncementFigures() {
  const figures = useAnnouncementFigures();
  const timeZone = useTimeZone();
  const items = figures.data?.items ?? [];
  return (
    <Paper withBorder radius="md" p="lg" mt="xl" component="section" aria-labelledby="cifras-comunicados">
      <Title order={2} size="h3" mb="sm" id="cifras-comunicados">
        Comunicados
      </Title>
      <ListState
        loading={figures.isPending}
        error={figures.error ? errorMessage(figures.error, M.load) : null}
        empty={items.length === 0}
        loadingLabel="Cargando comunicados..."
        emptyLabel="Todavía no se ha publicado ningún comunicado"
        onRetry={() => void figures.refetch()}
      >
        <Table.ScrollContainer minWidth={480} classNames={{ scrollContainerInner: stacked.inner }}>
          <Table className={stacked.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Comunicado</Table.Th>
                <Table.Th>Publicado</Table.Th>
                <Table.Th>Enviados</Table.Th>
                <Table.Th>Fallidos</Table.Th>
                <Table.Th>Bajas</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td data-label="Comunicado">{item.titulo}</Table.Td>
                  <Table.Td data-label="Publicado">
                    {item.published_at ? formatDate(item.published_at, timeZone, 'numeric') : '—'}
                  </Table.Td>
                  <Table.Td data-label="Enviados">{item.sent}</Table.Td>
                  <Table.Td data-label="Fallidos">{item.failed}</Table.Td>
                  <Table.Td data-label="Bajas">{item.unsubscribed}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </ListState>
    </Paper>
  );
}
