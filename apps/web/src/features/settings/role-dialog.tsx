import { RoleBody, SETTINGS_MESSAGES as M, toolTitle, type Role } from '@app/contracts';
import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { markServerField, serverField } from '@/lib/form-errors';
import { notifyDone } from '@/lib/notify';
import { errorMessage } from '@/lib/query-client';
import { useCreateOrUpdate } from '@/lib/use-create-or-update';
import { useCreateRole } from './api/create-role';
import { useTools } from './api/get-tools';
import { useUpdateRole } from './api/update-role';

/** The dialog always holds all three fields. */
type RoleFormValues = Required<RoleBody>;

export interface RoleDialogProps {
  state: { mode: 'create' } | { mode: 'edit'; role: Role } | null;
  /** Closes the dialog (also once saved). */
  onClose: () => void;
}

/** "Nuevo Rol" / "Editar Rol": name, description and tools, saved together in one request. */
export function RoleDialog({ state, onClose }: RoleDialogProps) {
  const mode = state?.mode ?? 'create';
  const editedRole = state?.mode === 'edit' ? state.role : null;
  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues: { name: '', description: '', tools: [] },
    validate: zod4Resolver(RoleBody),
  });
  const tools = useTools().data ?? [];
  const save = useCreateOrUpdate(editedRole?.id ?? null, useCreateRole(), useUpdateRole());
  const failure =
    save.error && !serverField(save.error, form.getValues()) ? errorMessage(save.error, M.saveRole) : null;

  useEffect(() => {
    if (!state) return;
    form.setValues(
      editedRole
        ? { name: editedRole.name, description: editedRole.description, tools: [...editedRole.tools] }
        : { name: '', description: '', tools: [] },
    );
    form.clearErrors();
    save.reset();
    // The form object is stable; reset only when the dialog opens for another role.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, editedRole]);

  const submit = (values: RoleFormValues) => {
    if (save.isPending) return;
    save.save(values, {
      onSuccess: () => {
        notifyDone(mode === 'create' ? 'Rol creado' : 'Rol actualizado');
        onClose();
      },
      onError: (error) => markServerField(form, error),
    });
  };

  return (
    <FormDialog
      opened={state !== null}
      title={mode === 'create' ? 'Nuevo Rol' : 'Editar Rol'}
      saving={save.isPending}
      error={failure}
      onClose={onClose}
      onSubmit={form.onSubmit(submit)}
    >
      <TextInput label="Nombre del Rol" required autoComplete="off" {...form.getInputProps('name')} />
      <Textarea label="Descripción" autosize minRows={2} {...form.getInputProps('description')} />
      <Checkbox.Group
        label="Herramientas"
        value={form.values.tools.map(String)}
        onChange={(value) => form.setFieldValue('tools', value.map(Number))}
        error={form.errors.tools}
      >
        <Stack gap={8} mt="xs">
          {tools.map((tool) => (
            <Checkbox
              key={tool.id}
              value={String(tool.id)}
              label={toolTitle(tool.name)}
              description={tool.name}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <DialogActions
        mt="md"
        onCancel={onClose}
        saving={save.isPending}
        submitLabel={mode === 'create' ? 'Crear Rol' : 'Guardar Cambios'}
      />
    </FormDialog>
  );
}
