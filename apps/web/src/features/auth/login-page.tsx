import { MESSAGES } from '@app/contracts';
import {
  Anchor,
  Button,
  Container,
  Fieldset,
  Loader,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { toggleLabel } from '@/components/form-parts';
import { CommunityHeading } from '@/components/community-brand';
import { useCommunityBrand, usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session-store';
import { useHydrated } from '@/lib/use-hydrated';
import { redirectTarget } from './redirect-target';
import { useLogin } from './use-login';
import { usePasskeyLogin } from './use-passkey-login';

/** The second step (codes, the required set-up) loads only when the server asks for it. */
const SecondStepPanel = lazy(() =>
  import('./second-step-panel').then((module) => ({ default: module.SecondStepPanel })),
);

/**
 * The form's two fields and its submit: an incomplete form explains itself instead of sending, on the button
 * and on Enter alike.
 */
function useLoginForm() {
  const { submit, prepare, isSubmitting, secondStep, cancelSecondStep } = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const isComplete = email.trim() !== '' && password !== '';

  const send = () => {
    if (isSubmitting) return;
    if (!isComplete) {
      notifications.show({ color: 'red', message: MESSAGES.fillAllFields });
      return;
    }
    void submit({ email: email.trim(), password });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  // A disabled submit button blocks the browser's Enter-to-submit; an incomplete form must still explain itself.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !isComplete && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      send();
    }
  };

  return {
    email,
    setEmail,
    password,
    setPassword,
    isComplete,
    onSubmit,
    onKeyDown,
    prepare,
    isSubmitting,
    secondStep,
    cancelSecondStep: () => {
      setPassword('');
      cancelSecondStep();
    },
  };
}

/** Where else the visitor may go: registration, recovery, and the plans when payments are on. */
function LoginLinks({ billingEnabled }: { billingEnabled: boolean }) {
  return (
    <Stack gap={6} mt="lg" align="center">
      <Text size="sm" c="dimmed">
        ¿No tienes una cuenta?{' '}
        <Anchor component={Link} to="/register" size="sm" underline="always">
          Regístrate aquí
        </Anchor>
      </Text>
      <Text size="sm" c="dimmed">
        ¿Olvidaste tu contraseña?{' '}
        <Anchor component={Link} to="/reset-password" size="sm" underline="always">
          Recuperar contraseña
        </Anchor>
      </Text>
      {billingEnabled && (
        <Text size="sm" c="dimmed">
          ¿Aún no eres miembro?{' '}
          <Anchor component={Link} to="/planes" size="sm" underline="always">
            Ver planes
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

export function LoginPage() {
  const isAuthenticated = useSession((state) => state.isAuthenticated);
  const location = useLocation();
  const form = useLoginForm();
  const { email, setEmail, password, setPassword, isComplete, onSubmit, onKeyDown, prepare, isSubmitting } =
    form;
  // The page arrives prerendered (src/prerender/pages.tsx): usable once the app has hydrated it.
  const hydrated = useHydrated();
  const billingEnabled = usePublicConfig().data?.billingEnabled === true;
  const passkey = usePasskeyLogin(hydrated);
  const brand = useCommunityBrand();

  // Signing in flips isAuthenticated, so this one redirect serves both "already signed in" and "just signed in".
  if (isAuthenticated) return <Navigate to={redirectTarget(location.state)} replace />;

  if (form.secondStep) {
    return (
      <Container size={440} py="xl">
        <Paper withBorder shadow="md" radius="md" p="xl">
          <Suspense fallback={<Loader size="sm" aria-label="Cargando..." />}>
            <SecondStepPanel step={form.secondStep} onCancel={form.cancelSecondStep} />
          </Suspense>
        </Paper>
      </Container>
    );
  }

  return (
    <Container size={440} py="xl">
      <Paper withBorder shadow="md" radius="md" p="xl">
        <CommunityHeading brand={brand} />
        <Stack gap={4} mb="lg" ta="center">
          <Title order={1}>Iniciar Sesión</Title>
          <Text c="dimmed">Ingresa tus credenciales para continuar</Text>
        </Stack>

        <form noValidate onSubmit={onSubmit} onKeyDown={onKeyDown} onFocus={prepare}>
          <Fieldset variant="unstyled" disabled={isSubmitting || !hydrated} p={0} m={0}>
            <Stack gap="md">
              <TextInput
                id="login-email"
                label="Correo Electrónico"
                type="email"
                name="email"
                // "webauthn": the browser may offer the member's passkeys among this field's suggestions.
                autoComplete="username webauthn"
                placeholder="tu@correo.com"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
              />
              <PasswordInput
                id="login-password"
                label="Contraseña"
                name="password"
                autoComplete="current-password"
                placeholder="Tu contraseña"
                value={password}
                onChange={(event) => setPassword(event.currentTarget.value)}
                visibilityToggleButtonProps={toggleLabel}
              />
              <Button
                type="submit"
                fullWidth
                disabled={!isComplete || isSubmitting}
                leftSection={isSubmitting ? <Loader size="xs" color="gray" aria-hidden="true" /> : undefined}
              >
                {isSubmitting ? 'Iniciando sesión...' : 'Iniciar Sesión'}
              </Button>
              {isSubmitting && (
                <Text size="sm" c="dimmed" ta="center" role="status">
                  Verificando credenciales...
                </Text>
              )}
            </Stack>
          </Fieldset>
        </form>

        <Text ta="center" c="dimmed" size="sm" my="sm">
          o
        </Text>
        <Button
          variant="default"
          fullWidth
          disabled={!hydrated || passkey.isSigningIn || isSubmitting}
          loading={passkey.isSigningIn}
          onClick={() => void passkey.signIn()}
        >
          Entrar con una llave de acceso
        </Button>

        <LoginLinks billingEnabled={billingEnabled} />
      </Paper>
    </Container>
  );
}
