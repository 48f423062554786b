import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

interface AccountValues {
  username: string;
  email: string;
  phone: string;
}

/** Username, email and phone as registration and the profile ask for them; registration requires the phone. */
export function AccountFields<Values extends AccountValues>({
  form,
  registering = false,
}: {
  form: UseFormReturnType<Values>;
  registering?: boolean;
}) {
  return (
    <>
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
        placeholder={registering ? 'tu@correo.com' : undefined}
        withAsterisk
        {...form.getInputProps('email')}
      />
      <TextInput
        label="Teléfono"
        type="tel"
        autoComplete="tel"
        withAsterisk={registering}
        {...form.getInputProps('phone')}
      />
    </>
  );
}
