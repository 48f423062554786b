import { ERASURE_MESSAGES as M } from '@app/contracts';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';

/** Where the member lands once their account is erased (public: the session is gone with the account). */
export const ACCOUNT_DELETED_PATH = '/cuenta-eliminada';

/** /cuenta-eliminada: what happened to the account, its data and its subscription, in the spirit of a receipt. */
export function AccountDeletedPage() {
  const [params] = useSearchParams();
  const cancelled = params.get('suscripcion') === 'cancelada';
  return (
    <Container size={520} py="xl">
      <Paper withBorder shadow="md" radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden="true">
            <IconCircleCheck size={32} />
          </ThemeIcon>
          <Title order={1}>{M.erased}</Title>
          <Text>
            Hemos borrado tus datos personales y cerrado todas tus sesiones. Te hemos enviado un correo que lo
            confirma.
          </Text>
          <Text>
            {cancelled
              ? 'Tu suscripción se ha cancelado en Stripe: no se te cobrará nada más.'
              : 'Si tenías una suscripción activa, se ha cancelado en Stripe: no se te cobrará nada más.'}
          </Text>
          <Text size="sm" c="dimmed">
            El Historial de los administradores conserva las acciones sobre tu cuenta bajo un seudónimo, sin
            tu nombre ni tu correo.
          </Text>
          <Button component={Link} to="/login" variant="default" fullWidth>
            Ir a iniciar sesión
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
