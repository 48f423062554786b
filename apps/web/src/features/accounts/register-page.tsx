import { ACCOUNT_MESSAGES, register, RegisterForm } from '@app/contracts';
import {
  Anchor,
  Button,
  Fieldset,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '@/lib/api';
import { AuthCard } from './auth-card';
import { serverErrorView } from './server-errors';
import { SubmitButton, toggleLabel } from './form-parts';

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
        <Button component={Link} to="/login" fullWidth>
          Volver al inicio de sesión
        </Button>
      </Stack>
    </AuthCard>
  );
}

export function RegisterPage() {
  const [done, setDone] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);
  const form = useForm<RegisterForm>({
    initialValues: { username: '', email: '', phone: '', password: '', confirmPassword: '' },
    validate: zod4Resolver(RegisterForm, { errorPriority: 'first' }),
  });

  const submit = async ({ username, email, phone, password }: RegisterForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    const progress = notifications.show({
      loading: true,
      message: ACCOUNT_MESSAGES.registering,
      autoClose: false,
      withCloseButton: false,
    });
    try {
      await api(
        register,
        { body: { username, email, phone, password } },
        { fallbackError: ACCOUNT_MESSAGES.registerFailed },
      );
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.registered });
      setDone(true);
    } catch (error) {
      const view = serverErrorView(error, { fallback: ACCOUNT_MESSAGES.registerFailed });
      form.setErrors(view.fieldErrors);
      notifications.show({ color: 'red', message: view.toast });
    } finally {
      notifications.hide(progress);
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  if (done) return <ThankYou />;

  return (
    <AuthCard title="Crear Cuenta" subtitle="Completa tus datos para solicitar acceso">
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
              placeholder="tu@correo.com"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <TextInput
              label="Teléfono"
              type="tel"
              autoComplete="tel"
              withAsterisk
              {...form.getInputProps('phone')}
            />
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
    </AuthCard>
  );
}
