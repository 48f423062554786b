import { completionShare, STATS_MESSAGES as M, type LibraryName, type PagePosition } from '@app/contracts';
import { Box, Button, Group, NativeSelect, Paper, Table, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useCallback, useId, useState } from 'react';
import stacked from '@/components/stacked-table.module.css';
import { ListState } from '@/components/list-state';
import { Pager, rangeLabel } from '@/components/pager';
import { downloadText } from '@/lib/download';
import { notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { usePageInRange } from '@/lib/use-page-in-range';
import { useExportStatsClasses, useStatsClassCategories, useStatsClasses } from './api/get-stats-classes';

const percent = (value: number) => `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} %`;

/**
 * Every class of one library, most viewed first, a page at a time: the members who opened or finished each and
 * how many finished, with the CSV of all of them.
 */
export function ClassCompletionTable({ title, library }: { title: string; library: LibraryName }) {
  const titleId = useId();
  const [position, setPosition] = useState<PagePosition>({ page: 1 });
  const setPage = useCallback((page: number) => setPosition({ page }), []);
  const [categoria, setCategoria] = useState<number | undefined>(undefined);
  const categories = useStatsClassCategories(library);
  const list = useStatsClasses(library, position, categoria);
  usePageInRange(list, position.page, setPage);
  const exporting = useExportStatsClasses(library);
  const items = list.data?.items ?? [];
  const runExport = () =>
    exporting.mutate(undefined, {
      onSuccess: (file) => downloadText(file.filename, file.csv),
      onError: (error) => notifyFailed(errorMessage(error, M.exportClasses)),
    });
  return (
    <Paper component="section" withBorder radius="md" p="md" aria-labelledby={titleId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          onClick={runExport}
          loading={exporting.isPending}
          aria-label={`Descargar CSV: ${title}`}
          disabled={list.data?.total === 0}
        >
          Descargar CSV
        </Button>
      </Group>
      {(categories.data?.length ?? 0) > 1 && (
        <NativeSelect
          label="Categoría"
          mb="sm"
          maw={320}
          value={categoria === undefined ? '' : String(categoria)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setCategoria(value === '' ? undefined : Number(value));
            setPosition({ page: 1 });
          }}
          data={[
            { value: '', label: 'Todas las categorías' },
            ...(categories.data ?? []).map((category) => ({
              value: String(category.id),
              label: category.nombre || 'Sin categoría',
            })),
          ]}
        />
      )}
      <ListState
        loading={list.isPending}
        error={list.isError ? errorMessage(list.error, M.load) : null}
        empty={items.length === 0}
        loadingLabel="Cargando clases..."
        emptyLabel={
          categoria === undefined ? 'Esta biblioteca aún no tiene clases.' : 'Esta categoría no tiene clases.'
        }
        onRetry={() => void list.refetch()}
      >
        {/* Focusable, so a keyboard can scroll a wide table on a narrow screen. */}
        <Box style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={`Tabla: ${title}`}>
          <Table className={stacked.table} striped fz="sm" aria-label={`Números: ${title}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Clase</Table.Th>
                <Table.Th scope="col">Categoría</Table.Th>
                <Table.Th scope="col" ta="right">
                  La abrieron
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  La completaron
                </Table.Th>
                <Table.Th scope="col" ta="right">
                  Completada
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((row) => (
                <Table.Tr key={row.video_id}>
                  <Table.Th scope="row" fw={400}>
                    {row.titulo}
                  </Table.Th>
                  <Table.Td data-label="Categoría">{row.categoria}</Table.Td>
                  <Table.Td ta="right" data-label="La abrieron">
                    {row.viewers.toLocaleString('es-ES')}
                  </Table.Td>
                  <Table.Td ta="right" data-label="La completaron">
                    {row.finished.toLocaleString('es-ES')}
                  </Table.Td>
                  <Table.Td ta="right" data-label="Completada">
                    {percent(completionShare(row.finished, row.viewers))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
        {list.data && (
          <Pager
            look="steps"
            of={list.data}
            status={(page) => rangeLabel(page, list.data.pageSize, list.data.total, 'clases')}
            onChange={(_, to) => setPosition(to)}
          />
        )}
      </ListState>
    </Paper>
  );
}
