import { confirmIdentity, CONFIRM_IDENTITY_MINUTES, getTwoFactor } from '@app/contracts';
import { Button, Group, PasswordInput, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { useReauthSettle } from '@/lib/reauth';
import { toggleLabel } from './form-parts';
import { FormDialog } from './form-dialog';

/**
 * Asks the signed-in member for the current password (and the authenticator app's code where the account has
 * it) before a security change; the confirmation lasts a few minutes on this session.
 */
export default function ConfirmIdentityDialog() {
  const settle = useReauthSettle();
  const status = useQuery({
    queryKey: ['account', 'two-factor'],
    queryFn: () => api(getTwoFactor, {}),
    enabled: settle !== null,
  });
  const needsCode = status.data?.totp ?? false;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const close = (confirmed: boolean) => {
    setPassword('');
    setCode('');
    setError(null);
    settle?.(confirmed);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await api(confirmIdentity, { body: needsCode ? { password, code } : { password } });
      close(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? { field: failure.field, message: failure.message }
          : { message: 'No se pudo confirmar. Inténtalo de nuevo.' },
      );
    } finally {
      setSaving(false);
    }
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <FormDialog
      opened={settle !== null}
      title="Confirma que eres tú"
      saving={saving}
      error={error && error.field !== 'password' && error.field !== 'code' ? error.message : null}
      onClose={() => close(false)}
      onSubmit={(event) => void submit(event)}
    >
      <Text size="sm">
        Para cambiar la seguridad de tu cuenta, escribe tu contraseña actual
        {needsCode ? ' y un código de tu aplicación de autenticación' : ''}. No te lo volveremos a pedir en
        los próximos {CONFIRM_IDENTITY_MINUTES} minutos.
      </Text>
      <PasswordInput
        label="Contraseña actual"
        autoComplete="current-password"
        value={password}
        error={fieldError('password')}
        onChange={(event) => setPassword(event.currentTarget.value)}
        visibilityToggleButtonProps={toggleLabel}
        data-autofocus
      />
      {needsCode && (
        <TextInput
          label="Código de verificación"
          description="Los 6 dígitos de tu aplicación, o un código de recuperación."
          autoComplete="one-time-code"
          value={code}
          error={fieldError('code')}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => close(false)} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" loading={saving}>
          Confirmar
        </Button>
      </Group>
    </FormDialog>
  );
}
