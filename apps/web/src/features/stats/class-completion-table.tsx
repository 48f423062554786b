import type { StatsClass } from '@app/contracts';
import { Box, Button, Group, Paper, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { downloadText } from '@/lib/download';
import { classesCsv, completionShare } from './table-data';

const percent = (value: number) => `${value.toLocaleString('es-ES', { maximumFractionDigits: 1 })} %`;

/** Classes of one library: the members who opened or finished each and how many finished, with its CSV. */
export function ClassCompletionTable({
  title,
  classes,
  filename,
}: {
  title: string;
  classes: readonly StatsClass[];
  filename: string;
}) {
  const titleId = useId();
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
          onClick={() => downloadText(filename, classesCsv(classes))}
          aria-label={`Descargar CSV: ${title}`}
          disabled={classes.length === 0}
        >
          Descargar CSV
        </Button>
      </Group>
      {classes.length === 0 ? (
        <Text c="dimmed">Esta biblioteca aún no tiene clases.</Text>
      ) : (
        // Focusable, so a keyboard can scroll a long library's rows.
        <Box mah={320} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label={`Tabla: ${title}`}>
          <Table striped stickyHeader fz="sm" aria-label={`Números: ${title}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Clase</Table.Th>
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
              {classes.map((row) => (
                <Table.Tr key={row.video_id}>
                  <Table.Th scope="row" fw={400}>
                    {row.titulo}
                  </Table.Th>
                  <Table.Td ta="right">{row.viewers.toLocaleString('es-ES')}</Table.Td>
                  <Table.Td ta="right">{row.finished.toLocaleString('es-ES')}</Table.Td>
                  <Table.Td ta="right">{percent(completionShare(row.finished, row.viewers))}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
