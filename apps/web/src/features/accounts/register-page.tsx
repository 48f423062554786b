import { ACCOUNT_MESSAGES, RegisterForm } from '@app/contracts';
import { Anchor, Button, Fieldset, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { Link } from 'react-router-dom';
import { notifyProgress } from '@/lib/notify';
import { usePublicConfig } from '@/lib/public-config';
import { useHydrated } from '@/lib/use-hydrated';
import { useRegister } from './api/register';
import { AuthCard } from './auth-card';
import { AccountFields } from './account-fields';
import { serverErrorView } from './server-errors';
import { SubmitButton, toggleLabel } from '@/components/form-parts';

function ThankYou() {
  return (
    <AuthCard title="Crear Cuenta">
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light" aria-hidden="true">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={2}>¡Gracias por registrarte!</Title>
        <Text>
          En breve un administrador te concederá acceso para que puedas usar todas las herramientas.
        </Text>
        <Text size="sm" c="dimmed">
          {ACCOUNT_MESSAGES.confirmEmailSent}
        </Text>
        <Button component={Link} to="/login" fullWidth>
          Volver al inicio de sesión
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function RegisterPage() {
  const registration = useRegister();
  const isSubmitting = registration.isPending;
  // The page arrives prerendered (src/prerender/pages.tsx): usable once the app has hydrated it.
  const hydrated = useHydrated();
  const billingEnabled = usePublicConfig().data?.billingEnabled === true;
  const form = useForm<RegisterForm>({
    initialValues: { username: '', email: '', phone: '', password: '', confirmPassword: '' },
    validate: zod4Resolver(RegisterForm, { errorPriority: 'first' }),
  });

  const submit = ({ username, email, phone, password }: RegisterForm) => {
    if (isSubmitting) return;
    const hideProgress = notifyProgress(ACCOUNT_MESSAGES.registering);
    registration.mutate(
      { username, email, phone, password },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.registered });
        },
        onError: (error) => {
          const view = serverErrorView(error, { fallback: ACCOUNT_MESSAGES.registerFailed });
          form.setErrors(view.fieldErrors);
          notifications.show({ color: 'red', message: view.toast });
        },
        onSettled: hideProgress,
      },
    );
  };

  if (registration.isSuccess) return <ThankYou />;

  return (
    <AuthCard title="Crear Cuenta" subtitle="Completa tus datos para solicitar acceso">
      <form noValidate onSubmit={form.onSubmit(submit)}>
        <Fieldset variant="unstyled" disabled={isSubmitting || !hydrated} p={0} m={0}>
          <Stack gap="md">
            <AccountFields form={form} registering />
            <PasswordInput
              label="Contraseña"
              autoComplete="new-password"
              description="Al menos 6 caracteres"
              withAsterisk
              visibilityToggleButtonProps={toggleLabel}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Confirmar contraseña"
              autoComplete="new-password"
              withAsterisk
              visibilityToggleButtonProps={toggleLabel}
              {...form.getInputProps('confirmPassword')}
            />
            <SubmitButton busy={isSubmitting} busyLabel="Creando cuenta...">
              Registrarse
            </SubmitButton>
          </Stack>
        </Fieldset>
      </form>
      <Text size="sm" c="dimmed" ta="center" mt="lg">
        ¿Ya tienes una cuenta?{' '}
        <Anchor component={Link} to="/login" size="sm" underline="always">
          Inicia sesión
        </Anchor>
      </Text>
      {billingEnabled && (
        <Text size="sm" c="dimmed" ta="center" mt="xs">
          ¿Prefieres pagar tu membresía ahora?{' '}
          <Anchor component={Link} to="/planes" size="sm" underline="always">
            Ver planes
          </Anchor>
        </Text>
      )}
    </AuthCard>
  );
}
