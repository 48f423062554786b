import {
  ACCOUNT_MESSAGES,
  checkPasswordResetToken,
  NewPasswordForm,
  PasswordResetRequestBody,
  RESET_TOKEN_TTL_MINUTES,
  requestPasswordReset,
  resetPassword,
} from '@app/contracts';
import { Alert, Anchor, Button, Fieldset, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CenteredLoader } from '@/components/centered-loader';
import { api, ApiError } from '@/lib/api';
import { AuthCard } from './auth-card';
import { SubmitButton, toggleLabel } from './form-parts';

/** A mutation with one call at a time: a second submit while one runs is ignored. */
function useSubmitting() {
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const run = async (work: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      await work();
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };
  return { isSubmitting, run };
}

function RequestForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { isSubmitting, run } = useSubmitting();
  const form = useForm<PasswordResetRequestBody>({
    initialValues: { email: '' },
    validate: zod4Resolver(PasswordResetRequestBody, { errorPriority: 'first' }),
  });

  const submit = ({ email }: PasswordResetRequestBody) =>
    run(async () => {
      const progress = notifications.show({
        loading: true,
        message: ACCOUNT_MESSAGES.recoveryRequesting,
        autoClose: false,
        withCloseButton: false,
      });
      try {
        await api(
          requestPasswordReset,
          { body: { email } },
          { fallbackError: ACCOUNT_MESSAGES.requestFailed },
        );
        notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.recoverySent });
        setSentTo(email.trim());
      } catch (error) {
        const message = error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.requestFailed;
        if (error instanceof ApiError && error.field === 'email') form.setFieldError('email', message);
        notifications.show({ color: 'red', message });
      } finally {
        notifications.hide(progress);
      }
    });

  if (sentTo !== null) {
    return (
      <AuthCard title="Recuperar Contraseña">
        <Stack gap="md" align="center" ta="center">
          <IconMailCheck size={48} aria-hidden="true" color="var(--mantine-color-teal-5)" />
          <Text role="status">
            Hemos enviado las instrucciones para recuperar tu contraseña a <strong>{sentTo}</strong>.
          </Text>
          <Text size="sm" c="dimmed">
            El enlace caduca en {RESET_TOKEN_TTL_MINUTES} minutos. Si no ves el correo, revisa la carpeta de
            correo no deseado.
          </Text>
          <Anchor
            component="button"
            type="button"
            underline="always"
            onClick={() => {
              form.reset();
              setSentTo(null);
            }}
          >
            Intentar con otro correo
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Recuperar Contraseña"
      subtitle="Introduce tu correo electrónico y te enviaremos instrucciones para restablecer tu contraseña"
    >
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Fieldset variant="unstyled" disabled={isSubmitting} p={0} m={0}>
          <Stack gap="md">
            <TextInput
              label="Correo Electrónico"
              type="email"
              autoComplete="email"
              placeholder="tu@correo.com"
              {...form.getInputProps('email')}
            />
            <SubmitButton busy={isSubmitting} busyLabel="Enviando...">
              Enviar Instrucciones
            </SubmitButton>
          </Stack>
        </Fieldset>
      </form>
      <Group justify="center" gap="lg" mt="lg">
        <Anchor component={Link} to="/login" size="sm" underline="always">
          Volver al inicio de sesión
        </Anchor>
        <Anchor component={Link} to="/register" size="sm" underline="always">
          Regístrate aquí
        </Anchor>
      </Group>
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <AuthCard title="Recuperar Contraseña">
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />} title="Enlace no válido">
          {ACCOUNT_MESSAGES.resetTokenInvalid}
        </Alert>
        <Button component={Link} to="/reset-password" fullWidth>
          Solicitar un nuevo enlace
        </Button>
      </Stack>
    </AuthCard>
  );
}

type LinkState = 'checking' | 'valid' | 'invalid';

function NewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const [linkState, setLinkState] = useState<LinkState>('checking');
  const { isSubmitting, run } = useSubmitting();
  const form = useForm<NewPasswordForm>({
    initialValues: { password: '', confirmPassword: '' },
    validate: zod4Resolver(NewPasswordForm, { errorPriority: 'first' }),
  });

  useEffect(() => {
    let current = true;
    setLinkState('checking');
    api(checkPasswordResetToken, { body: { token } })
      .then(() => current && setLinkState('valid'))
      // Only a refused token means the link is dead; a network failure still lets the member try.
      .catch((error: unknown) => {
        if (current) setLinkState(error instanceof ApiError && error.field === 'token' ? 'invalid' : 'valid');
      });
    return () => {
      current = false;
    };
  }, [token]);

  const submit = ({ password }: NewPasswordForm) =>
    run(async () => {
      try {
        await api(
          resetPassword,
          { body: { token, password } },
          { fallbackError: ACCOUNT_MESSAGES.requestFailed },
        );
        notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.passwordChanged });
        await navigate('/login', { replace: true });
      } catch (error) {
        if (error instanceof ApiError && error.field === 'token') {
          setLinkState('invalid');
          return;
        }
        const message = error instanceof ApiError ? error.message : ACCOUNT_MESSAGES.requestFailed;
        if (error instanceof ApiError && error.field === 'password') form.setFieldError('password', message);
        notifications.show({ color: 'red', message });
      }
    });

  if (linkState === 'checking') return <CenteredLoader label="Comprobando el enlace..." />;
  if (linkState === 'invalid') return <InvalidLink />;

  return (
    <AuthCard title="Recuperar Contraseña" subtitle="Elige una nueva contraseña para tu cuenta">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Fieldset variant="unstyled" disabled={isSubmitting} p={0} m={0}>
          <Stack gap="md">
            <PasswordInput
              label="Nueva contraseña"
              autoComplete="new-password"
              description="Al menos 6 caracteres"
              visibilityToggleButtonProps={toggleLabel}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirmar contraseña"
              autoComplete="new-password"
              visibilityToggleButtonProps={toggleLabel}
              {...form.getInputProps('confirmPassword')}
            />
            <SubmitButton busy={isSubmitting} busyLabel="Guardando...">
              Cambiar contraseña
            </SubmitButton>
          </Stack>
        </Fieldset>
      </form>
    </AuthCard>
  );
}

/** /reset-password: the request form, or, opened from the emailed link (?token=...), the new-password form. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPassword key={token} token={token} /> : <RequestForm />;
}
