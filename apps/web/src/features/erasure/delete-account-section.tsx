import { DeleteMyAccountBody, ERASURE_CONSEQUENCES, ERASURE_MESSAGES as M } from '@app/contracts';
import { Alert, Button, List, Modal, PasswordInput, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ProfileSection } from '@/components/profile-section';
import { toggleLabel } from '@/components/form-parts';
import { DialogActions } from '@/components/dialog-actions';
import { ListState } from '@/components/list-state';
import { formatDate } from '@/lib/format-date';
import { markServerField } from '@/lib/form-errors';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage, forgetSession } from '@/lib/query-client';
import { useSession } from '@/lib/session-store';
import { useCancelMyErasure } from './api/cancel-my-erasure';
import { useDeleteMyAccount } from './api/delete-my-account';
import { useMyErasure } from './api/get-my-erasure';
import { ACCOUNT_DELETED_PATH } from './account-deleted-page';

type Values = Required<DeleteMyAccountBody>;

/**
 * The confirmation: the current password (and the authenticator app's code when the account has the app on),
 * and with a paid period left, whether to keep access until it ends.
 */
function ConfirmErasure({
  paidUntil,
  codeRequired,
  onClose,
}: {
  paidUntil: string | null;
  codeRequired: boolean;
  onClose: () => void;
}) {
  const timeZone = useTimeZone();
  const erase = useDeleteMyAccount();
  const signOut = useSession((state) => state.signOut);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm<Values>({
    initialValues: { password: '', code: '', subscription_end: 'now' },
    validate: zod4Resolver(DeleteMyAccountBody),
  });
  const submit = (values: Values) =>
    erase.mutate(values, {
      onSuccess: (done) => {
        if (done.status === 'scheduled' && done.erase_at) {
          notifyDone(M.scheduled(formatDate(done.erase_at, timeZone, 'long')));
          onClose();
          return;
        }
        signOut();
        void forgetSession(queryClient);
        // A page that says what happened, not a toast over the sign-in screen.
        void navigate(paidUntil ? `${ACCOUNT_DELETED_PATH}?suscripcion=cancelada` : ACCOUNT_DELETED_PATH, {
          replace: true,
        });
      },
      onError: (error) => {
        markServerField(form, error);
        notifyFailed(errorMessage(error, M.failed));
      },
    });
  const until = paidUntil ? formatDate(paidUntil, timeZone, 'long') : '';
  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="md">
        <Text>Esta acción no se puede deshacer.</Text>
        {paidUntil && (
          <Radio.Group label="Tu suscripción" {...form.getInputProps('subscription_end')}>
            <Stack gap="xs" mt="xs">
              <Radio value="now" label="Cancelarla ahora y eliminar la cuenta ya" />
              <Radio
                value="period_end"
                label={`Conservar el acceso hasta el ${until} y eliminar la cuenta ese día`}
              />
            </Stack>
          </Radio.Group>
        )}
        <PasswordInput
          label="Contraseña actual"
          description="Para confirmar que eres tú"
          autoComplete="current-password"
          visibilityToggleButtonProps={toggleLabel}
          data-autofocus
          {...form.getInputProps('password')}
        />
        {codeRequired && (
          <TextInput
            label="Código de verificación"
            description="El código de 6 cifras de tu aplicación de autenticación, o uno de tus códigos de recuperación"
            autoComplete="one-time-code"
            {...form.getInputProps('code')}
          />
        )}
        <DialogActions
          onCancel={onClose}
          saving={erase.isPending}
          submitLabel="Eliminar mi cuenta definitivamente"
          color="red"
        />
      </Stack>
    </form>
  );
}

/**
 * "Eliminar mi cuenta" on /perfil: what happens, read before anything is asked; then the confirmation with the
 * password. A member who chose to keep access until the paid period ends sees when the account goes instead.
 */
export function DeleteAccountSection() {
  const mine = useMyErasure();
  const cancel = useCancelMyErasure();
  const timeZone = useTimeZone();
  const [opened, setOpened] = useState(false);
  return (
    <ProfileSection title="Eliminar mi cuenta" titleId="erasure-title" titleGap="md">
      <ListState
        loading={mine.isPending}
        error={mine.error && errorMessage(mine.error, M.failed)}
        empty={false}
        loadingLabel="Cargando..."
        emptyLabel=""
        onRetry={() => void mine.refetch()}
      >
        {mine.data?.erase_at ? (
          <Alert color="yellow" variant="light" role="status">
            <Stack gap="sm" align="flex-start">
              <Text size="sm">{M.scheduled(formatDate(mine.data.erase_at, timeZone, 'long'))}</Text>
              <Button
                variant="default"
                size="xs"
                loading={cancel.isPending}
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () => notifyDone(M.scheduleCancelled),
                    onError: (error) => notifyFailed(errorMessage(error, M.failed)),
                  })
                }
              >
                {M.cancelSchedule}
              </Button>
            </Stack>
          </Alert>
        ) : mine.data?.last_admin ? (
          // Refused up front, as the server would refuse it: nothing to fill in first.
          <Stack gap="md">
            <Alert color="yellow" variant="light" title="No disponible" role="note">
              {M.lastAdmin}
            </Alert>
            <Button color="red" variant="outline" w="fit-content" disabled>
              Eliminar mi cuenta
            </Button>
          </Stack>
        ) : (
          <Stack gap="md">
            <Text>Si eliminas tu cuenta:</Text>
            <List spacing="xs">
              {ERASURE_CONSEQUENCES.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
            <Button color="red" variant="outline" w="fit-content" onClick={() => setOpened(true)}>
              Eliminar mi cuenta
            </Button>
          </Stack>
        )}
      </ListState>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="¿Eliminar tu cuenta?"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <ConfirmErasure
          paidUntil={mine.data?.paid_until ?? null}
          codeRequired={mine.data?.code_required ?? false}
          onClose={() => setOpened(false)}
        />
      </Modal>
    </ProfileSection>
  );
}
