import {
  roleDisplayName,
  SETTINGS_MESSAGES as M,
  UserCreateBody,
  UserUpdateBody,
  isLiveSubscription,
  type AdminUser,
  type SubscriptionEnding,
} from '@app/contracts';
import { Checkbox, PasswordInput, Select, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { markServerField, serverField } from '@/lib/form-errors';
import { notifyDone } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useCreateUser } from './api/create-user';
import { useRoles } from './api/get-roles';
import { useUpdateUser } from './api/update-user';
import { SubscriptionEndChoice } from './subscription-end-choice';
import { ResetTwoFactorButton } from './reset-two-factor-button';

export interface UserFormValues {
  username: string;
  email: string;
  phone: string;
  password: string;
  /** null until the admin picks one: never a silent default (role 1 is admin). */
  role_id: number | null;
  is_active: boolean;
  /** How a live subscription ends at Stripe if this edit deactivates the member. */
  subscription_end: SubscriptionEnding;
}

const emptyValues = (): UserFormValues => ({
  username: '',
  email: '',
  phone: '',
  password: '',
  role_id: null,
  is_active: true,
  subscription_end: 'period_end',
});

const valuesOf = (user: AdminUser): UserFormValues => ({
  username: user.username,
  email: user.email,
  phone: user.phone ?? '',
  password: '',
  role_id: user.role_id,
  is_active: user.is_active,
  subscription_end: 'period_end',
});

const EditSchema = UserUpdateBody.omit({ password: true });

export interface UserDialogProps {
  state: { mode: 'create' } | { mode: 'edit'; user: AdminUser } | null;
  /** Closes the dialog (also once saved). */
  onClose: () => void;
}

/** Deactivating a member who still pays: the administrator chooses how the subscription ends at Stripe. */
const deactivatesPayer = (user: AdminUser | null, values: UserFormValues): boolean =>
  user !== null && user.is_active && !values.is_active && isLiveSubscription(user.subscription?.status);

/** What the form sends of the account itself (the password and the subscription's end apart). */
const accountOf = ({ username, email, phone, is_active }: UserFormValues) => ({
  username,
  email,
  phone,
  is_active,
});

/** The account's fields, the password on creation only, the role, and how a live subscription ends. */
function UserFields({
  form,
  creating,
  roles,
  endsSubscription,
}: {
  form: UseFormReturnType<UserFormValues>;
  creating: boolean;
  roles: ReturnType<typeof useRoles>;
  endsSubscription: boolean;
}) {
  const roleOptions = (roles.data ?? []).map((role) => ({
    value: String(role.id),
    label: roleDisplayName(role.name),
  }));
  return (
    <>
      <TextInput label="Nombre de usuario" required autoComplete="off" {...form.getInputProps('username')} />
      <TextInput
        label="Correo Electrónico"
        type="email"
        required
        autoComplete="off"
        {...form.getInputProps('email')}
      />
      <TextInput label="Teléfono" type="tel" autoComplete="off" {...form.getInputProps('phone')} />
      {creating && (
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
        disabled={roles.isPending}
        comboboxProps={{ withinPortal: true }}
      />
      <Checkbox label="Usuario Activo" mt="xs" {...form.getInputProps('is_active', { type: 'checkbox' })} />
      {endsSubscription && (
        <SubscriptionEndChoice
          value={form.values.subscription_end}
          onChange={(value) => form.setFieldValue('subscription_end', value)}
        />
      )}
    </>
  );
}

/** "Nuevo Usuario" / "Editar Usuario": the password only on creation; the role chosen explicitly. */
export function UserDialog({ state, onClose }: UserDialogProps) {
  const mode = state?.mode ?? 'create';
  const form = useForm<UserFormValues>({
    mode: 'controlled',
    initialValues: emptyValues(),
    // The edit body has no password (the contract refuses unknown keys): the hidden field is left out.
    validate: ({ password, subscription_end, ...fields }) =>
      mode === 'create'
        ? zod4Resolver(UserCreateBody)({ ...fields, password })
        : zod4Resolver(EditSchema)({ ...fields, subscription_end }),
  });
  const roles = useRoles();
  const create = useCreateUser();
  const update = useUpdateUser();
  const editedUser = state?.mode === 'edit' ? state.user : null;
  const save = editedUser ? update : create;
  const endsSubscription = (values: UserFormValues) => deactivatesPayer(editedUser, values);
  const failure =
    save.error && !serverField(save.error, form.getValues()) ? errorMessage(save.error, M.saveUser) : null;

  useEffect(() => {
    if (!state) return;
    form.setValues(editedUser ? valuesOf(editedUser) : emptyValues());
    form.resetDirty();
    form.clearErrors();
    create.reset();
    update.reset();
    // The form object is stable; reset only when the dialog opens for another user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, editedUser]);

  const submit = (values: UserFormValues) => {
    if (values.role_id === null || save.isPending) return;
    const body = { ...accountOf(values), role_id: values.role_id };
    const handlers = {
      onSuccess: () => {
        notifyDone(mode === 'create' ? 'Usuario creado' : 'Usuario actualizado');
        onClose();
      },
      onError: (error: Error) => markServerField(form, error),
    };
    if (editedUser) {
      update.mutate(
        {
          id: editedUser.id,
          body: {
            ...body,
            ...(endsSubscription(values) ? { subscription_end: values.subscription_end } : {}),
          },
        },
        handlers,
      );
    } else create.mutate({ ...body, password: values.password }, handlers);
  };

  return (
    <FormDialog
      opened={state !== null}
      title={mode === 'create' ? 'Nuevo Usuario' : 'Editar Usuario'}
      saving={save.isPending}
      error={failure}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
    >
      <UserFields
        form={form}
        creating={mode === 'create'}
        roles={roles}
        endsSubscription={endsSubscription(form.values)}
      />
      {editedUser && <ResetTwoFactorButton user={editedUser} />}
      <DialogActions
        mt="md"
        onCancel={onClose}
        saving={save.isPending}
        submitLabel={mode === 'create' ? 'Crear Usuario' : 'Guardar Cambios'}
      />
    </FormDialog>
  );
}
