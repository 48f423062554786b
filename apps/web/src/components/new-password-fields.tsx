import type { NewPasswordForm } from '@app/contracts';
import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { toggleLabel } from './form-parts';

/** The new password and its confirmation, as every page that lets a member choose a password asks for them. */
export function NewPasswordFields({ form }: { form: UseFormReturnType<NewPasswordForm> }) {
  return (
    <>
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
    </>
  );
}
