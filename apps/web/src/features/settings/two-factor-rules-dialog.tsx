import { roleDisplayName, TWO_FACTOR_MESSAGES as T, type TwoFactorRules } from '@app/contracts';
import { Alert, MultiSelect, Switch, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { SettingsDialog, useSettingsDialog } from '@/components/settings-dialog';
import { useRoles } from './api/get-roles';
import { useTwoFactorRules } from './api/get-two-factor-rules';
import { useSaveTwoFactorRules } from './api/save-two-factor-rules';

const LOAD_ERROR = 'No se han podido cargar las reglas de verificación en dos pasos.';

/** "Verificación en dos pasos": who must have a second factor, and whether mail can carry the device codes. */
export function TwoFactorRulesDialog() {
  const roles = useRoles();
  const {
    draft,
    setDraft,
    loaded: rules,
    frame,
  } = useSettingsDialog({
    useLoad: useTwoFactorRules,
    useSave: useSaveTwoFactorRules,
    toDraft: (saved): TwoFactorRules => ({
      require_admins: saved.require_admins,
      required_role_ids: saved.required_role_ids,
    }),
    messages: { load: LOAD_ERROR, saved: T.rulesSaved, save: 'No se han podido guardar las reglas.' },
  });
  return (
    <SettingsDialog
      label="Verificación en dos pasos"
      icon={<IconShieldLock size={16} aria-hidden="true" />}
      title="Verificación en dos pasos"
      {...frame}
    >
      {rules.data?.mail_configured === false && (
        <Alert color="yellow" variant="light" title="El correo saliente no está configurado">
          Sin SMTP_URL no podemos enviar el código a los administradores que entran desde un dispositivo
          nuevo: entran solo con su contraseña. Configura el correo o exige la verificación en dos pasos con
          aplicación.
        </Alert>
      )}
      {draft && (
        <>
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
        </>
      )}
      <Text size="sm" c="dimmed">
        Los cambios quedan en el Historial. Si alguien pierde el móvil, restablece su verificación desde la
        ficha del usuario.
      </Text>
    </SettingsDialog>
  );
}
