import {
  ACCOUNT_MESSAGES,
  NewPasswordForm,
  PasswordResetRequestBody,
  RESET_TOKEN_TTL_MINUTES,
} from '@app/contracts';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Fieldset,
  Group,
  List,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { CenteredLoader } from '@/components/centered-loader';
import { NewPasswordFields } from '@/components/new-password-fields';
import { ApiError } from '@/lib/api-error';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/public-config';
import { markServerField } from '@/lib/form-errors';
import { notifyProgress } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useResetToken } from './api/check-reset-token';
import { useRequestPasswordReset } from './api/request-password-reset';
import { useResetPassword } from './api/reset-password';
import { AuthCard } from './auth-card';
import { SubmitButton } from '@/components/form-parts';

/** The request went out: where to look for the link, and a way to try another address. */
function SentNotice({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <AuthCard title="Recuperar Contraseña">
      <Stack gap="md" align="center" ta="center">
        <IconMailCheck size={48} aria-hidden="true" color="var(--mantine-color-teal-5)" />
        <Text role="status">
          Hemos enviado las instrucciones para recuperar tu contraseña a <strong>{email}</strong>.
        </Text>
        <Text size="sm" c="dimmed">
          El enlace caduca en {RESET_TOKEN_TTL_MINUTES} minutos. Si no ves el correo, revisa la carpeta de
          correo no deseado.
        </Text>
        <Anchor component="button" type="button" underline="always" onClick={onRetry}>
          Intentar con otro correo
        </Anchor>
      </Stack>
    </AuthCard>
  );
}

function RequestForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const isSubmitting = request.isPending;
  const form = useForm<PasswordResetRequestBody>({
    initialValues: { email: '' },
    validate: zod4Resolver(PasswordResetRequestBody, { errorPriority: 'first' }),
  });

  const submit = ({ email }: PasswordResetRequestBody) => {
    if (isSubmitting) return;
    const hideProgress = notifyProgress(ACCOUNT_MESSAGES.recoveryRequesting);
    request.mutate(
      { email },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.recoverySent });
          setSentTo(email.trim());
        },
        onError: (error) => {
          markServerField(form, error);
          notifications.show({ color: 'red', message: errorMessage(error, ACCOUNT_MESSAGES.requestFailed) });
        },
        onSettled: hideProgress,
      },
    );
  };

  if (sentTo !== null) {
    return (
      <SentNotice
        email={sentTo}
        onRetry={() => {
          form.reset();
          setSentTo(null);
        }}
      />
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

function NewPassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const link = useResetToken(token);
  const change = useResetPassword();
  const isSubmitting = change.isPending;
  const passkeys = link.data?.passkeys ?? [];
  const timeZone = useTimeZone();
  const [removePasskeys, setRemovePasskeys] = useState(false);
  const form = useForm<NewPasswordForm>({
    initialValues: { password: '', confirmPassword: '' },
    validate: zod4Resolver(NewPasswordForm, { errorPriority: 'first' }),
  });

  // Only a refused token means the link is dead; a network failure still lets the member try.
  const refused = (error: unknown) => error instanceof ApiError && error.field === 'token';

  const submit = async ({ password }: NewPasswordForm) => {
    if (isSubmitting) return;
    try {
      await change.mutateAsync(
        passkeys.length > 0 ? { token, password, remove_passkeys: removePasskeys } : { token, password },
      );
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.passwordChanged });
      await navigate('/login', { replace: true });
    } catch (error) {
      if (refused(error)) return;
      markServerField(form, error);
      notifications.show({ color: 'red', message: errorMessage(error, ACCOUNT_MESSAGES.requestFailed) });
    }
  };

  if (link.isPending) return <CenteredLoader label="Comprobando el enlace..." />;
  if (refused(link.error) || refused(change.error)) return <InvalidLink />;

  return (
    <AuthCard title="Recuperar Contraseña" subtitle="Elige una nueva contraseña para tu cuenta">
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Fieldset variant="unstyled" disabled={isSubmitting} p={0} m={0}>
          <Stack gap="md">
            <NewPasswordFields form={form} />
            {passkeys.length > 0 && (
              <Stack gap={6}>
                <Text size="sm">
                  Tu cuenta tiene {passkeys.length === 1 ? 'esta llave' : 'estas llaves'} de acceso, que
                  permiten entrar sin contraseña:
                </Text>
                <List size="sm" withPadding>
                  {passkeys.map((passkey) => (
                    <List.Item key={`${passkey.name}-${passkey.created_at}`}>
                      {passkey.name} (añadida el {formatDate(passkey.created_at, timeZone, 'long')})
                    </List.Item>
                  ))}
                </List>
                <Checkbox
                  label={
                    passkeys.length === 1
                      ? 'Eliminar también esta llave de acceso (si no la reconoces)'
                      : 'Eliminar también estas llaves de acceso (si no las reconoces)'
                  }
                  checked={removePasskeys}
                  onChange={(event) => setRemovePasskeys(event.currentTarget.checked)}
                />
              </Stack>
            )}
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
