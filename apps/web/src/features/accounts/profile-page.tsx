import { ACCOUNT_MESSAGES, MESSAGES, ProfileBody, updateProfile, type SessionUser } from '@app/contracts';
import { Container, Fieldset, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '@/lib/api';
import { useSession } from '@/lib/session-store';
import { serverErrorView } from './server-errors';
import { SubmitButton } from './form-parts';

/** The spec reloads the page this long after a successful update. */
export const PROFILE_RELOAD_DELAY_MS = 1500;

type ProfileValues = ProfileBody;

const GENERAL_ERROR = 'No se pudo actualizar el perfil';

function ProfileForm({ user }: { user: SessionUser }) {
  const setUser = useSession((state) => state.setUser);
  const [status, setStatus] = useState('Listo');
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const reloadTimer = useRef<number | undefined>(undefined);
  const form = useForm<ProfileValues>({
    initialValues: {
      username: user.username,
      email: user.email,
      phone: user.phone ?? '',
      password: '',
      current_password: '',
    },
    validate: zod4Resolver(ProfileBody, { errorPriority: 'first' }),
    onValuesChange: () => setStatus((current) => (current === 'Listo' ? 'Cambios sin guardar' : current)),
  });

  useEffect(() => () => window.clearTimeout(reloadTimer.current), []);

  const submit = async (values: ProfileValues) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    setStatus('Actualizando perfil...');
    try {
      const updated = await api(updateProfile, { body: values });
      // Refresh the stored session (spec section 4) with the user the server returned.
      setUser(updated);
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.profileUpdated });
      setStatus(`${ACCOUNT_MESSAGES.profileUpdated}. Recargando...`);
      form.setFieldValue('password', '');
      form.setFieldValue('current_password', '');
      reloadTimer.current = window.setTimeout(() => window.location.reload(), PROFILE_RELOAD_DELAY_MS);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        notifications.show({ color: 'red', message: ACCOUNT_MESSAGES.noSession });
        setStatus(ACCOUNT_MESSAGES.noSession);
        return;
      }
      const view = serverErrorView(error, {
        fallback: GENERAL_ERROR,
        unknownConflict: ACCOUNT_MESSAGES.accountTaken,
      });
      form.setErrors(view.fieldErrors);
      notifications.show({ color: 'red', message: view.toast });
      setStatus(
        error instanceof ApiError
          ? `Error HTTP ${error.status}: ${error.message}`
          : `${GENERAL_ERROR}: ${MESSAGES.serverResponse}`,
      );
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Fieldset variant="unstyled" disabled={isSubmitting} p={0} m={0}>
        <Stack gap="md">
          <TextInput
            label="Nombre de usuario"
            autoComplete="username"
            withAsterisk
            {...form.getInputProps('username')}
          />
          <TextInput
            label="Correo Electrónico"
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps('email')}
          />
          <TextInput label="Teléfono" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
          <PasswordInput
            label="Nueva contraseña"
            description="Déjala en blanco para mantener la contraseña actual"
            autoComplete="new-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar los caracteres' }}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Contraseña actual"
            description="Necesaria para cambiar la contraseña o el correo electrónico"
            autoComplete="current-password"
            visibilityToggleButtonProps={{ 'aria-label': 'Mostrar u ocultar los caracteres' }}
            {...form.getInputProps('current_password')}
          />
          <SubmitButton busy={isSubmitting} busyLabel="Actualizando...">
            Actualizar Perfil
          </SubmitButton>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            Estado: {status}
          </Text>
        </Stack>
      </Fieldset>
    </form>
  );
}

export function ProfilePage() {
  const user = useSession((state) => state.user);

  return (
    <Container size={560} py="xl">
      <Title order={1} mb="md">
        Mi Perfil
      </Title>
      <Paper withBorder shadow="md" radius="md" p="xl">
        <Title order={2} size="h3" mb="md">
          Editar Perfil
        </Title>
        {user ? <ProfileForm key={user.id} user={user} /> : <Text>{MESSAGES.notAuthenticated}</Text>}
      </Paper>
    </Container>
  );
}
