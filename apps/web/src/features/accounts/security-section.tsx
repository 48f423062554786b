import { Alert, Stack, Text } from '@mantine/core';
import { ProfileSection } from '@/components/profile-section';
import { ListState } from '@/components/list-state';
import { errorMessage } from '@/lib/query-client';
import { useTwoFactor } from './api/get-two-factor';
import { TotpCard } from './totp-card';

/** «Seguridad» in /perfil: the account's second factors. */
export function SecuritySection() {
  const status = useTwoFactor();
  return (
    <ProfileSection title="Seguridad" titleId="security-title">
      <Text c="dimmed" mb="md">
        Verificación en dos pasos: un segundo paso, además de tu contraseña, para que nadie más pueda entrar
        en tu cuenta.
      </Text>
      <ListState
        loading={status.isPending}
        error={status.error && errorMessage(status.error, 'No se ha podido cargar tu seguridad.')}
        empty={false}
        loadingLabel="Cargando seguridad..."
        emptyLabel=""
        onRetry={() => void status.refetch()}
      >
        {status.data && (
          <Stack gap="lg">
            {status.data.required && status.data.factors.length === 0 && (
              <Alert color="yellow" variant="light">
                Tu comunidad exige la verificación en dos pasos para tu cuenta.
              </Alert>
            )}
            <TotpCard status={status.data} />
          </Stack>
        )}
      </ListState>
    </ProfileSection>
  );
}
