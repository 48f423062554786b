import { ACCOUNT_MESSAGES, MESSAGES, ProfileBody, type SessionUser } from '@app/contracts';
import { Container, Fieldset, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toggleLabel } from '@/components/form-parts';
import { ApiError } from '@/lib/api-error';
import { useSession } from '@/lib/session-store';
import { useUpdateProfile } from './api/update-profile';
import { AccountFields } from './account-fields';
import { serverErrorView } from './server-errors';
import { SubmitButton } from '@/components/form-parts';
import { SectionNav, type PageSection } from '@/components/section-nav';
import sectionClasses from '@/components/section-nav.module.css';

/** The spec reloads the page this long after a successful update. */
const PROFILE_RELOAD_DELAY_MS = 1500;

type ProfileValues = ProfileBody;

const GENERAL_ERROR = 'No se pudo actualizar el perfil';

function ProfileForm({ user }: { user: SessionUser }) {
  const update = useUpdateProfile();
  const isSubmitting = update.isPending;
  const [status, setStatus] = useState('Listo');
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
    if (isSubmitting) return;
    setStatus('Actualizando perfil...');
    try {
      // The session store takes the user the server returned (spec section 4).
      const { pending_email: pendingEmail } = await update.mutateAsync(values);
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.profileUpdated });
      if (pendingEmail) {
        notifications.show({ color: 'blue', message: ACCOUNT_MESSAGES.emailChangePending(pendingEmail) });
      }
      setStatus(
        `${pendingEmail ? `${ACCOUNT_MESSAGES.emailChangePending(pendingEmail)} ` : ''}${ACCOUNT_MESSAGES.profileUpdated}. Recargando...`,
      );
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
    }
  };

  return (
    <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
      <Fieldset variant="unstyled" disabled={isSubmitting} p={0} m={0}>
        <Stack gap="md">
          <AccountFields form={form} />
          <PasswordInput
            label="Nueva contraseña"
            description="Déjala en blanco para mantener la contraseña actual"
            autoComplete="new-password"
            visibilityToggleButtonProps={toggleLabel}
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

/** The profile form's own section, first in the page's navigation. */
export const PROFILE_FORM_SECTION = 'perfil';

/**
 * `children`: more sections of the member's account under the form (app/ composes them from other features);
 * `sections`: the side navigation's links to them, the form's first.
 */
export function ProfilePage({
  sections,
  children,
}: {
  sections: readonly PageSection[];
  children?: ReactNode;
}) {
  const user = useSession((state) => state.user);

  return (
    <Container size={900} py="xl">
      <Title order={1} mb="md">
        Mi Perfil
      </Title>
      <SectionNav label="Secciones del perfil" sections={sections}>
        <Paper
          withBorder
          shadow="md"
          radius="md"
          p="xl"
          id={PROFILE_FORM_SECTION}
          className={sectionClasses.section}
        >
          <Title order={2} size="h3" mb="md">
            Editar Perfil
          </Title>
          {user ? <ProfileForm key={user.id} user={user} /> : <Text>{MESSAGES.notAuthenticated}</Text>}
        </Paper>
        {children}
      </SectionNav>
    </Container>
  );
}
