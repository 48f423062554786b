import { Alert, Button, Container, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/query-client';
import { useUnsubscribe } from './api/member-announcements';
import { MESSAGES as M } from './messages';

/**
 * /baja-comunicados?token=…: the email's unsubscribe link, without signing in. A button confirms it (a link
 * checker that opens the page does not unsubscribe anyone); the account's own emails keep arriving.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const unsubscribe = useUnsubscribe();
  return (
    <Container size="sm" py="xl">
      <Stack>
        <Title order={1}>Comunicados por correo</Title>
        {unsubscribe.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            Listo: ya no recibirás los comunicados por correo. Seguirás viéndolos en la aplicación, y los
            correos de tu cuenta (seguridad y pagos) siguen llegando. Puedes cambiarlo en Mi Perfil.
          </Alert>
        ) : (
          <>
            <Text>¿Quieres dejar de recibir los comunicados de la comunidad por correo?</Text>
            {unsubscribe.error && (
              <Alert color="red" variant="light" role="alert">
                {errorMessage(unsubscribe.error, M.unsubscribe)}
              </Alert>
            )}
            <Button
              onClick={() => unsubscribe.mutate(token)}
              loading={unsubscribe.isPending}
              disabled={token === ''}
              w="fit-content"
            >
              Darme de baja
            </Button>
          </>
        )}
      </Stack>
    </Container>
  );
}
