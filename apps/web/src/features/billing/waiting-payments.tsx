import { SUBSCRIPTION_STATUS_LABELS, type WaitingPayment } from '@app/contracts';
import { Box, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '@/lib/format-date';

/**
 * Visitors' payments made with the email of an existing account: they grant nothing until the owner of that
 * address follows the emailed link, so the administrators can tell a member who paid from a payment that waits.
 */
export function WaitingPayments({ waiting }: { waiting: readonly WaitingPayment[] }) {
  if (waiting.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Title order={3}>Pagos en espera</Title>
        <Text c="dimmed">
          Pagos hechos sin iniciar sesión con el correo de una cuenta que ya existe. No se aplican hasta que
          el dueño de ese correo sigue el enlace que le hemos enviado.
        </Text>
        {/* Nothing in it takes focus: the region does, so a keyboard can scroll it on a phone. */}
        <Box role="region" aria-label="Pagos en espera" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table striped miw={520}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Usuario</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Plan</Table.Th>
                <Table.Th>Suscripción</Table.Th>
                <Table.Th>Fecha</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {waiting.map((payment) => (
                <Table.Tr key={payment.subscription_id}>
                  <Table.Td>{payment.username}</Table.Td>
                  <Table.Td>{payment.email}</Table.Td>
                  <Table.Td>{payment.plan ?? '—'}</Table.Td>
                  <Table.Td>{payment.status ? SUBSCRIPTION_STATUS_LABELS[payment.status] : '—'}</Table.Td>
                  <Table.Td>{formatDateTime(payment.created_at, undefined)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}
