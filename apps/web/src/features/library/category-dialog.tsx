import { CategoryBody, LIBRARY_API, type Category, type LibraryName } from '@app/contracts';
import { Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { api, ApiError } from '@/lib/api';

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
  const [saving, setSaving] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { nombre: category?.nombre ?? '', descripcion: category?.descripcion ?? '' },
    validate: zod4Resolver(CategoryBody),
  });

  const submit = form.onSubmit(async (values) => {
    if (saving) return;
    setSaving(true);
    const endpoints = LIBRARY_API[library];
    const fallbackError = 'Error al guardar la categoría';
    try {
      if (category) {
        await api(endpoints.updateCategory, { params: { id: category.id }, body: values }, { fallbackError });
      } else {
        await api(endpoints.createCategory, { body: values }, { fallbackError });
      }
      notifications.show({
        color: 'teal',
        message: editing ? 'Categoría actualizada correctamente' : 'Categoría creada correctamente',
      });
      onSaved();
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : fallbackError;
      if (error instanceof ApiError && error.field && error.field in values) {
        form.setFieldError(error.field, message);
      }
      notifications.show({ color: 'red', message });
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title={editing ? 'Editar Categoría' : 'Nueva Categoría'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Nombre" withAsterisk data-autofocus {...form.getInputProps('nombre')} />
          <Textarea label="Descripción" autosize minRows={3} {...form.getInputProps('descripcion')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" loading={saving}>
              {editing ? 'Actualizar Categoría' : 'Crear Categoría'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
