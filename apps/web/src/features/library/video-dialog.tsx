import { VideoBody, type Category, type LibraryName, type Video } from '@app/contracts';
import { Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DialogActions } from '@/components/dialog-actions';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { saveOutcome } from '@/lib/form-errors';
import { useCreateOrUpdate } from '@/lib/use-create-or-update';
import { useCreateVideo } from './api/create-video';
import { SAVE_VIDEO_ERROR } from './api/keys';
import { useUpdateVideo } from './api/update-video';

/** 'Nuevo Video' (no video) or 'Editar Video'. Mounted while open, so closing resets it. */
export function VideoDialog({
  library,
  video,
  categories,
  onClose,
  onSaved,
}: {
  library: LibraryName;
  video: Video | null;
  categories: readonly Category[];
  onClose: () => void;
  /** The saved video, and whether it was created (not edited). */
  onSaved: (video: Video, created: boolean) => void;
}) {
  const editing = video !== null;
  const form = useForm({
    mode: 'controlled',
    initialValues: {
      titulo: video?.titulo ?? '',
      descripcion: video?.descripcion ?? '',
      // 0 = none chosen yet (the schema asks to choose one).
      categoria_id: video?.categoria_id ?? 0,
      url: video?.url ?? '',
      material: video?.material ?? '',
      miniatura: video?.miniatura ?? '',
    },
    validate: zod4Resolver(VideoBody),
  });

  const { isPending: saving, save } = useCreateOrUpdate(
    video?.id ?? null,
    useCreateVideo(library),
    useUpdateVideo(library),
  );
  const submit = form.onSubmit((values) => {
    if (saving) return;
    const onDone = (saved: Video) => {
      onSaved(saved, !editing);
      onClose();
    };
    const savedMessage = editing ? 'Video actualizado correctamente' : 'Video creado correctamente';
    save(values, saveOutcome(form, { savedMessage, fallbackError: SAVE_VIDEO_ERROR, onDone }));
  });

  const categoryProps = form.getInputProps('categoria_id');
  return (
    <Modal opened onClose={onClose} title={editing ? 'Editar Video' : 'Nuevo Video'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label="Título" withAsterisk data-autofocus {...form.getInputProps('titulo')} />
          <Textarea label="Descripción" autosize minRows={3} {...form.getInputProps('descripcion')} />
          <Select
            label="Categoría"
            withAsterisk
            placeholder="Selecciona una categoría"
            data={categories.map((category) => ({ value: String(category.id), label: category.nombre }))}
            value={form.values.categoria_id ? String(form.values.categoria_id) : null}
            onChange={(value) => form.setFieldValue('categoria_id', value ? Number(value) : 0)}
            error={categoryProps.error as string | undefined}
            onBlur={categoryProps.onBlur as () => void}
          />
          <TextInput
            label="URL del Video (Google Drive)"
            description="Debe ser el enlace compartido de un archivo de video en Google Drive"
            withAsterisk
            type="url"
            placeholder="https://drive.google.com/file/d/.../view"
            {...form.getInputProps('url')}
          />
          <TextInput
            label="Material de la clase"
            description="Opcional: enlace a PDF, documentos"
            type="url"
            placeholder="https://"
            {...form.getInputProps('material')}
          />
          <TextInput
            label="Miniatura"
            description="Opcional: enlace https a una imagen 16:9; si lo dejas vacío se usa la del video de Drive"
            type="url"
            placeholder="https://"
            {...form.getInputProps('miniatura')}
          />
          <DialogActions
            onCancel={onClose}
            saving={saving}
            submitLabel={editing ? 'Actualizar Video' : 'Crear Video'}
          />
        </Stack>
      </form>
    </Modal>
  );
}
