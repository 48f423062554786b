import { roleDisplayName, TWO_FACTOR_MESSAGES as T, type TwoFactorRules } from '@app/contracts';
import { Alert, Button, Group, Modal, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ListState } from '@/components/list-state';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useRoles } from './api/get-roles';
import { useTwoFactorRules } from './api/get-two-factor-rules';
import { useSaveTwoFactorRules } from './api/save-two-factor-rules';

const LOAD_ERROR = 'No se han podido cargar las reglas de verificación en dos pasos.';

/** "Verificación en dos pasos": who must have a second factor, and whether mail can carry the device codes. */
export function TwoFactorRulesDialog() {
  const [opened, setOpened] = useState(false);
  const rules = useTwoFactorRules(opened);
  const roles = useRoles();
  const saving = useSaveTwoFactorRules();
  const [draft, setDraft] = useState<TwoFactorRules | null>(null);
  useEffect(() => {
    if (opened && rules.data && !rules.isFetching) {
      setDraft({
        require_admins: rules.data.require_admins,
        required_role_ids: rules.data.required_role_ids,
      });
    }
  }, [opened, rules.data, rules.isFetching]);
  const close = () => {
    setOpened(false);
    setDraft(null);
  };
  const save = () => {
    if (!draft) return;
    saving.mutate(draft, {
      onSuccess: () => {
        notifyDone(T.rulesSaved);
        close();
      },
      onError: (error) => notifyFailed(errorMessage(error, 'No se han podido guardar las reglas.')),
    });
  };

  return (
    <>
      <Button
        variant="default"
        leftSection={<IconShieldLock size={16} aria-hidden="true" />}
        onClick={() => setOpened(true)}
      >
        Verificación en dos pasos
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Verificación en dos pasos"
        centered
        closeButtonProps={{ 'aria-label': 'Cerrar' }}
      >
        <ListState
          loading={rules.isPending || (draft === null && !rules.error)}
          error={rules.error && errorMessage(rules.error, LOAD_ERROR)}
          empty={false}
          loadingLabel="Cargando..."
          emptyLabel=""
          onRetry={() => void rules.refetch()}
        >
          {draft && (
            <Stack gap="lg">
              {rules.data?.mail_configured === false && (
                <Alert color="yellow" variant="light" title="El correo saliente no está configurado">
                  Sin SMTP_URL no podemos enviar el código a los administradores que entran desde un
                  dispositivo nuevo: entran solo con su contraseña. Configura el correo o exige la
                  verificación en dos pasos con aplicación.
                </Alert>
              )}
              <Switch
                label="Exigir verificación en dos pasos a los administradores"
                description="Quien tenga un permiso de administración tendrá que configurar una aplicación de autenticación al iniciar sesión."
                checked={draft.require_admins}
                onChange={(event) => setDraft({ ...draft, require_admins: event.currentTarget.checked })}
              />
              <MultiSelect
                label="Exigirla también a estos roles"
                placeholder={draft.required_role_ids.length === 0 ? 'Ningún rol' : undefined}
                data={(roles.data ?? []).map((role) => ({
                  value: String(role.id),
                  label: roleDisplayName(role.name),
                }))}
                value={draft.required_role_ids.map(String)}
                onChange={(values) => setDraft({ ...draft, required_role_ids: values.map(Number) })}
                clearable
              />
              <Text size="sm" c="dimmed">
                Los cambios quedan en el Historial. Si alguien pierde el móvil, restablece su verificación
                desde la ficha del usuario.
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={close} disabled={saving.isPending}>
                  Cancelar
                </Button>
                <Button onClick={save} loading={saving.isPending}>
                  Guardar
                </Button>
              </Group>
            </Stack>
          )}
        </ListState>
      </Modal>
    </>
  );
}
