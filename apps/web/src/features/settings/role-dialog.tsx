import {
  createRole,
  isToolName,
  RoleBody,
  SETTINGS_MESSAGES as M,
  TOOL_TITLES,
  updateRole,
  type Role,
  type Tool,
} from '@app/contracts';
import { Checkbox, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useEffect } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { api } from '@/lib/api';
import { useDialogSave } from './use-dialog-save';

type RoleFormValues = {
  name: string;
  description: string;
  tools: number[];
};

const FIELDS = new Set(['name', 'description', 'tools']);

export interface RoleDialogProps {
  state: { mode: 'create' } | { mode: 'edit'; role: Role } | null;
  tools: readonly Tool[];
  onClose: () => void;
  onSaved: (mode: 'create' | 'edit') => void;
}

/** "Nuevo Rol" / "Editar Rol": name, description and tools, saved together in one request. */
export function RoleDialog({ state, tools, onClose, onSaved }: RoleDialogProps) {
  const mode = state?.mode ?? 'create';
  const editedRole = state?.mode === 'edit' ? state.role : null;
  const form = useForm<RoleFormValues>({
    mode: 'controlled',
    initialValues: { name: '', description: '', tools: [] },
    validate: zod4Resolver(RoleBody),
  });
  const { saving, error, setError, run } = useDialogSave(form, FIELDS, M.saveRole);

  useEffect(() => {
    if (!state) return;
    form.setValues(
      editedRole
        ? { name: editedRole.name, description: editedRole.description, tools: [...editedRole.tools] }
        : { name: '', description: '', tools: [] },
    );
    form.clearErrors();
    setError(null);
    // The form object is stable; reset only when the dialog opens for another role.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, editedRole]);

  const fallback = editedRole ? M.updateRole : M.createRole;

  const submit = (values: RoleFormValues) =>
    run(async () => {
      if (editedRole) {
        await api(updateRole, { params: { id: editedRole.id }, body: values }, { fallbackError: fallback });
      } else {
        await api(createRole, { body: values }, { fallbackError: fallback });
      }
      onSaved(mode);
    });

  return (
    <FormDialog
      opened={state !== null}
      title={mode === 'create' ? 'Nuevo Rol' : 'Editar Rol'}
      saving={saving}
      error={error}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void submit(values))}
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
              label={isToolName(tool.name) ? TOOL_TITLES[tool.name] : tool.name}
              description={tool.name}
            />
          ))}
        </Stack>
      </Checkbox.Group>
      <DialogActions
        mt="md"
        onCancel={onClose}
        saving={saving}
        submitLabel={mode === 'create' ? 'Crear Rol' : 'Guardar Cambios'}
      />
    </FormDialog>
  );
}
