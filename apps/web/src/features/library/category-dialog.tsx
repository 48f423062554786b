import { CategoryBody, LIBRARY_API, type Category, type LibraryName } from '@app/contracts';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { api } from '@/lib/api';
import { useDialogSubmit } from './use-dialog-submit';

/** 'Nueva Categoría' (no category) or 'Editar Categoría'. Mounted while open, so closing resets it. */
export function CategoryDialog({
  library,
  category,
  onClose,
  onSaved,
}: {
  library: LibraryName;
  category: Category | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const editing = category !== null;
  const form = useForm({
    mode: 'controlled',
    initialValues: { nombre: category?.nombre ?? '', descripcion: category?.descripcion ?? '' },
    validate: zod4Resolver(CategoryBody),
  });

  const endpoints = LIBRARY_API[library];
  const fallbackError = 'Error al guardar la categoría';
  const { saving, submit } = useDialogSubmit(form, {
    save: (values) =>
      category
        ? api(endpoints.updateCategory, { params: { id: category.id }, body: values }, { fallbackError })
        : api(endpoints.createCategory, { body: values }, { fallbackError }),
    fallbackError,
    savedMessage: editing ? 'Categoría actualizada correctamente' : 'Categoría creada correctamente',
    onDone: () => {
      onSaved();
      onClose();
    },
  });

  return (
    <Modal opened onClose={onClose} title={editing ? 'Editar Categoría' : 'Nueva Categoría'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('nombre')} />
          <Textarea label="Descripción" autosize minRows={3} {...form.getInputProps('descripcion')} />
          <DialogActions
            onCancel={onClose}
            saving={saving}
            submitLabel={editing ? 'Actualizar Categoría' : 'Crear Categoría'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
