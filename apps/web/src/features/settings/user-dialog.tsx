import {
  createUser,
  SETTINGS_MESSAGES as M,
  updateUser,
  UserCreateBody,
  UserUpdateBody,
  type AdminUser,
  type Role,
} from '@app/contracts';
import { Checkbox, PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { capitalize } from '@/components/role-badge';
import { FormDialog } from '@/components/form-dialog';
import { api } from '@/lib/api';
import { useDialogSave } from './use-dialog-save';
import type { Remote } from './use-remote';

export interface UserFormValues {
  username: string;
  email: string;
  phone: string;
  password: string;
  /** null until the admin picks one: never a silent default (role 1 is admin). */
  role_id: number | null;
  is_active: boolean;
}

const FIELDS = new Set(['username', 'email', 'phone', 'password', 'role_id', 'is_active']);

const emptyValues = (): UserFormValues => ({
  username: '',
  email: '',
  phone: '',
  password: '',
  role_id: null,
  is_active: true,
});

const valuesOf = (user: AdminUser): UserFormValues => ({
  username: user.username,
  email: user.email,
  phone: user.phone ?? '',
  password: '',
  role_id: user.role_id,
  is_active: user.is_active,
});

const EditSchema = UserUpdateBody.omit({ password: true });

export interface UserDialogProps {
  state: { mode: 'create' } | { mode: 'edit'; user: AdminUser } | null;
  roles: Remote<Role[]>;
  onClose: () => void;
  onSaved: (mode: 'create' | 'edit') => void;
}

/** "Nuevo Usuario" / "Editar Usuario": the password only on creation; the role chosen explicitly. */
export function UserDialog({ state, roles, onClose, onSaved }: UserDialogProps) {
  const mode = state?.mode ?? 'create';
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: emptyValues(),
    validate: (values) => zod4Resolver(mode === 'create' ? UserCreateBody : EditSchema)({ ...values }),
  });
  const { saving, error, setError, run } = useDialogSave(form, FIELDS, M.saveUser);

  const editedUser = state?.mode === 'edit' ? state.user : null;
  useEffect(() => {
    if (!state) return;
    form.setValues(editedUser ? valuesOf(editedUser) : emptyValues());
    form.resetDirty();
    form.clearErrors();
    setError(null);
    // The form object is stable; reset only when the dialog opens for another user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, editedUser]);

  const submit = async (values: UserFormValues) => {
    if (values.role_id === null) return;
    const body = {
      username: values.username,
      email: values.email,
      phone: values.phone,
      role_id: values.role_id,
      is_active: values.is_active,
    };
    await run(async () => {
      if (editedUser) {
        await api(updateUser, { params: { id: editedUser.id }, body }, { fallbackError: M.saveUser });
      } else {
        await api(
          createUser,
          { body: { ...body, password: values.password } },
          { fallbackError: M.saveUser },
        );
      }
      onSaved(mode);
    });
  };

  const roleOptions = (roles.data ?? []).map((role) => ({
    value: String(role.id),
    label: capitalize(role.name),
  }));

  return (
    <FormDialog
      opened={state !== null}
      title={mode === 'create' ? 'Nuevo Usuario' : 'Editar Usuario'}
      saving={saving}
      error={error}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void submit(values))}
    >
      <TextInput label="Nombre de usuario" required autoComplete="off" {...form.getInputProps('username')} />
      <TextInput
        label="Correo Electrónico"
        type="email"
        required
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <TextInput label="Teléfono" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
      {mode === 'create' && (
        <PasswordInput
          label="Contraseña"
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
      )}
      <Select
        label="Rol"
        required
        placeholder="Selecciona un rol"
        data={roleOptions}
        allowDeselect={false}
        value={form.values.role_id === null ? null : String(form.values.role_id)}
        onChange={(value) => form.setFieldValue('role_id', value === null ? null : Number(value))}
        error={form.errors.role_id ?? (roles.error ? M.loadRoles : undefined)}
        disabled={roles.loading && !roles.data}
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox label="Usuario Activo" mt="xs" {...form.getInputProps('is_active', { type: 'checkbox' })} />
      <DialogActions
        mt="md"
        onCancel={onClose}
        saving={saving}
        submitLabel={mode === 'create' ? 'Crear Usuario' : 'Guardar Cambios'}
      />
    </FormDialog>
  );
}
