import type { MembersImportResult } from '@app/contracts';
import { Badge, Box, Stack, Table, Text } from '@mantine/core';

/** Each row of the file as the server read it: new, already registered (with warnings) or its errors. */
export function ImportPreviewTable({ rows }: { rows: MembersImportResult['rows'] }) {
  return (
    // Focusable, so the keyboard can scroll a long preview too.
    <Box mah={320} style={{ overflow: 'auto' }} tabIndex={0} role="region" aria-label="Filas del archivo">
      <Table striped verticalSpacing="xs" aria-label="Vista previa de la importación">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Fila</Table.Th>
            <Table.Th>Usuario</Table.Th>
            <Table.Th>Correo electrónico</Table.Th>
            <Table.Th>Estado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.line}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.username}</Table.Td>
              <Table.Td style={{ wordBreak: 'break-all' }}>{row.email}</Table.Td>
              <Table.Td>
                {row.status === 'error' ? (
                  <Stack gap={2}>
                    {row.errors.map((error) => (
                      <Text key={error} size="sm" c="red.4">
                        {error}
                      </Text>
                    ))}
                  </Stack>
                ) : (
                  <Stack gap={2} align="flex-start">
                    <Badge color={row.status === 'new' ? 'teal' : 'gray'} variant="light">
                      {row.status === 'new' ? 'Nueva' : 'Ya registrada'}
                    </Badge>
                    {row.warnings.map((warning) => (
                      <Text key={warning} size="xs" c="dimmed">
                        {warning}
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
