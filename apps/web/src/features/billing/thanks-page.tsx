import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session-store';
import { useAccessAfterCheckout } from './api/get-access-after-checkout';

const ACCESS_TEXTS = {
  active: 'Tu plan ya está activo: sus herramientas te esperan en el inicio.',
  waiting: 'Estamos activando tu plan; en unos segundos verás sus herramientas en el inicio.',
  unknown: 'Hemos recibido tu pago. Si en unos minutos no ves tus herramientas, recarga la página.',
} as const;

function MemberThanks() {
  const access = useAccessAfterCheckout();
  return (
    <>
      <Title order={1}>¡Gracias por tu pago!</Title>
      <Text role="status">{ACCESS_TEXTS[access]}</Text>
      <Button component={Link} to="/dashboard" fullWidth>
        Ir al inicio
      </Button>
    </>
  );
}

function VisitorThanks() {
  return (
    <>
      <Title order={1}>¡Gracias por tu pago!</Title>
      <Text>
        Revisa tu correo: te hemos enviado un enlace para elegir tu contraseña. Después podrás iniciar sesión
        con tu nueva membresía.
      </Text>
      <Button component={Link} to="/login" fullWidth>
        Ir a iniciar sesión
      </Button>
    </>
  );
}

/** /planes/gracias: where the provider's Checkout sends the browser once paid. */
export function ThanksPage() {
  const signedIn = useSession((state) => state.isAuthenticated);
  const Icon = signedIn ? IconCircleCheck : IconMail;
  return (
    <Container size={460} py="xl">
      <Paper withBorder shadow="md" radius="md" p="xl">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden="true">
            <Icon size={32} />
          </ThemeIcon>
          {signedIn ? <MemberThanks /> : <VisitorThanks />}
        </Stack>
      </Paper>
    </Container>
  );
}
