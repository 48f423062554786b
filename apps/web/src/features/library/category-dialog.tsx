import { CategoryBody, type Category, type LibraryName } from '@app/contracts';
import { Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { saveOutcome } from '@/lib/form-errors';
import { useCreateOrUpdate } from '@/lib/use-create-or-update';
import { useCreateCategory } from './api/create-category';
import { useUpdateCategory } from './api/update-category';
import { SAVE_CATEGORY_ERROR } from './api/keys';

/** 'Nueva Categoría' (no category) or 'Editar Categoría'. Mounted while open, so closing resets it. */
export function CategoryDialog({
  library,
  category,
  onClose,
}: {
  library: LibraryName;
  category: Category | null;
  onClose: () => void;
}) {
  const editing = category !== null;
  const form = useForm({
    mode: 'controlled',
    initialValues: { nombre: category?.nombre ?? '', descripcion: category?.descripcion ?? '' },
    validate: zod4Resolver(CategoryBody),
  });

  const saving = useCreateOrUpdate(
    category?.id ?? null,
    useCreateCategory(library),
    useUpdateCategory(library),
  );
  const submit = form.onSubmit((values) => {
    if (saving.isPending) return;
    saving.save(
      values,
      saveOutcome(form, {
        savedMessage: editing ? 'Categoría actualizada correctamente' : 'Categoría creada correctamente',
        fallbackError: SAVE_CATEGORY_ERROR,
        onDone: onClose,
      }),
    );
  });

  return (
    <Modal opened onClose={onClose} title={editing ? 'Editar Categoría' : 'Nueva Categoría'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('nombre')} />
          <Textarea label="Descripción" autosize minRows={3} {...form.getInputProps('descripcion')} />
          <DialogActions
            onCancel={onClose}
            saving={saving.isPending}
            submitLabel={editing ? 'Actualizar Categoría' : 'Crear Categoría'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
