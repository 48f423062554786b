import { ACCOUNT_MESSAGES } from '@app/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { errorMessage } from '@/lib/query-client';
import { useConfirmEmail } from './api/confirm-email';
import { AuthCard } from './auth-card';

/** /confirmar-email?token=...: where the link that proves an address leads. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmEmail();
  if (confirm.data) {
    return (
      <AuthCard title="Confirmar correo">
        <Stack gap="md" align="center" ta="center">
          <IconCircleCheck size={48} aria-hidden="true" color="var(--mantine-color-teal-5)" />
          <Text role="status">
            {ACCOUNT_MESSAGES.emailConfirmed}: <strong>{confirm.data.email}</strong>.
          </Text>
          <Button component={Link} to="/login" fullWidth>
            Ir a iniciar sesión
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirmar correo" subtitle="Confirma que esta dirección de correo es tuya">
      <Stack gap="md">
        {confirm.error && (
          <Alert color="red" icon={<IconAlertCircle aria-hidden="true" />}>
            {errorMessage(confirm.error, ACCOUNT_MESSAGES.emailConfirmInvalid)}
          </Alert>
        )}
        <Button
          loading={confirm.isPending}
          disabled={token === ''}
          onClick={() => confirm.mutate(token)}
          fullWidth
        >
          Confirmar mi correo
        </Button>
      </Stack>
    </AuthCard>
  );
}
