import {
  AUDIENCE_KINDS,
  AUDIENCE_LABELS,
  AudienceKind,
  type Announcement,
  type AnnouncementPreview,
  type Audience,
} from '@app/contracts';
import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/query-client';
import { useAudienceOptions } from './api/admin-announcements';
import {
  useDeleteDraft,
  usePreview,
  usePublish,
  useSaveDraft,
  useSendTest,
} from './api/announcement-actions';
import { useReach } from './api/reach';
import { AnnouncementBody } from './announcement-body';
import { BodyEditor } from './body-editor';
import { MESSAGES as M } from './messages';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The audience picker and how many members it reaches now. */
function AudiencePicker({ value, onChange }: { value: Audience; onChange: (audience: Audience) => void }) {
  const options = useAudienceOptions();
  const reach = useReach(value);
  const chosen =
    value.kind === 'roles' ? options.data?.roles : value.kind === 'plans' ? options.data?.plans : null;
  return (
    <Stack gap="xs">
      <Select
        label="Audiencia"
        data={AUDIENCE_KINDS.map((kind) => ({ value: kind, label: AUDIENCE_LABELS[kind] }))}
        value={value.kind}
        allowDeselect={false}
        onChange={(kind) => onChange({ kind: AudienceKind.parse(kind), ids: [] })}
      />
      {chosen && (
        <MultiSelect
          label={value.kind === 'roles' ? 'Roles' : 'Planes'}
          placeholder={value.kind === 'roles' ? 'Elige los roles' : 'Elige los planes'}
          data={chosen.map((item) => ({ value: String(item.id), label: item.name }))}
          value={value.ids.map(String)}
          onChange={(ids) => onChange({ kind: value.kind, ids: ids.map(Number) })}
        />
      )}
      <Text size="sm" aria-live="polite" data-testid="reach">
        {reach.data
          ? `Llega a ${plural(reach.data.members, 'miembro', 'miembros')} (${plural(reach.data.by_email, 'por correo', 'por correo')})`
          : chosen && value.ids.length === 0
            ? 'Elige al menos un rol o plan'
            : 'Calculando a cuántos miembros llega…'}
      </Text>
    </Stack>
  );
}

/** The preview as a member reads it in the app and as the email arrives. */
function PreviewDialog({ preview, onClose }: { preview: AnnouncementPreview | null; onClose: () => void }) {
  return (
    <Modal opened={preview !== null} onClose={onClose} title="Vista previa" size="xl">
      {preview && (
        <Tabs defaultValue="member">
          <Tabs.List>
            <Tabs.Tab value="member">Como miembro</Tabs.Tab>
            <Tabs.Tab value="email">Como correo</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="member" pt="md">
            <Title order={2} size="h3" mb="sm">
              {preview.subject}
            </Title>
            <AnnouncementBody html={preview.html} />
          </Tabs.Panel>
          <Tabs.Panel value="email" pt="md">
            <Text size="sm" mb="xs">
              Asunto: {preview.subject}
            </Text>
            <iframe
              title="Correo del comunicado"
              srcDoc={preview.email_html}
              sandbox=""
              style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-4)' }}
            />
            <Text size="sm" fw={600} mt="md">
              Texto sin formato
            </Text>
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {preview.email_text}
            </Text>
          </Tabs.Panel>
        </Tabs>
      )}
    </Modal>
  );
}

/**
 * Writing an announcement: title, body, audience (with its reach), preview, a test to oneself, and
 * publication now or at a chosen time. The draft is saved before each of them.
 */
export function AnnouncementEditor({
  announcement,
  onSaved,
  onClose,
}: {
  announcement: Announcement | null;
  onSaved: (id: number) => void;
  onClose: () => void;
}) {
  const bodyLabel = useId();
  const [titulo, setTitulo] = useState(announcement?.titulo ?? '');
  const [body, setBody] = useState(announcement?.cuerpo_html ?? '');
  const [audience, setAudience] = useState<Audience>(announcement?.audience ?? { kind: 'all', ids: [] });
  const [when, setWhen] = useState('');
  const [notice, setNotice] = useState<{ color: 'green' | 'red'; text: string } | null>(null);
  const [preview, setPreview] = useState<AnnouncementPreview | null>(null);
  const save = useSaveDraft();
  const previewing = usePreview();
  const test = useSendTest();
  const publish = usePublish();
  const [id, setId] = useState<number | null>(announcement?.id ?? null);
  const remove = useDeleteDraft();
  const [deleting, setDeleting] = useState(false);
  const busy = save.isPending || test.isPending || publish.isPending;

  const fail = (error: unknown, fallback: string) =>
    setNotice({ color: 'red', text: errorMessage(error, fallback) });

  async function saveDraft(): Promise<number | null> {
    try {
      const saved = await save.mutateAsync({ id, body: { titulo, cuerpo_html: body, audience } });
      setId(saved.id);
      onSaved(saved.id);
      return saved.id;
    } catch (error) {
      fail(error, M.save);
      return null;
    }
  }

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={`${bodyLabel}-title`}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id={`${bodyLabel}-title`}>
            {id === null ? 'Nuevo comunicado' : 'Borrador'}
          </Title>
          <Button variant="subtle" onClick={onClose}>
            Cerrar
          </Button>
        </Group>
        <TextInput
          label="Título"
          required
          value={titulo}
          onChange={(event) => setTitulo(event.currentTarget.value)}
        />
        <div>
          <Text component="label" id={bodyLabel} size="sm" fw={500}>
            Texto
          </Text>
          <BodyEditor value={body} onChange={setBody} labelId={bodyLabel} />
        </div>
        <AudiencePicker value={audience} onChange={setAudience} />
        {notice && (
          <Alert color={notice.color} variant="light" role={notice.color === 'red' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            loading={save.isPending}
            disabled={busy}
            onClick={async () => {
              if ((await saveDraft()) !== null) setNotice({ color: 'green', text: 'Borrador guardado' });
            }}
          >
            Guardar borrador
          </Button>
          <Button
            variant="default"
            loading={previewing.isPending}
            onClick={() =>
              previewing.mutate(
                { titulo: titulo || 'Sin título', cuerpo_html: body },
                { onSuccess: setPreview, onError: (error) => fail(error, M.preview) },
              )
            }
          >
            Vista previa
          </Button>
          <Button
            variant="default"
            loading={test.isPending}
            disabled={busy}
            onClick={async () => {
              const saved = await saveDraft();
              if (saved === null) return;
              test.mutate(saved, {
                onSuccess: ({ to }) => setNotice({ color: 'green', text: `Prueba enviada a ${to}` }),
                onError: (error) => fail(error, M.test),
              });
            }}
          >
            Enviar prueba
          </Button>
        </Group>
        <Group align="end">
          <Button
            loading={publish.isPending}
            disabled={busy}
            onClick={async () => {
              const saved = await saveDraft();
              if (saved === null) return;
              publish.mutate({ id: saved, publish_at: null }, { onError: (error) => fail(error, M.publish) });
            }}
          >
            Publicar ahora
          </Button>
          <TextInput
            type="datetime-local"
            label="Programar para"
            value={when}
            onChange={(event) => setWhen(event.currentTarget.value)}
          />
          <Button
            variant="light"
            disabled={busy || when === ''}
            onClick={async () => {
              const saved = await saveDraft();
              if (saved === null) return;
              publish.mutate(
                { id: saved, publish_at: new Date(when).toISOString() },
                { onError: (error) => fail(error, M.publish) },
              );
            }}
          >
            Programar
          </Button>
        </Group>
        {id !== null && (
          <Group>
            <Button variant="subtle" color="red" disabled={busy} onClick={() => setDeleting(true)}>
              Eliminar borrador
            </Button>
          </Group>
        )}
      </Stack>
      <PreviewDialog preview={preview} onClose={() => setPreview(null)} />
      <ConfirmDialog
        opened={deleting}
        title="Eliminar borrador"
        message={`¿Eliminar el borrador «${titulo || 'Sin título'}»? No se puede deshacer.`}
        busy={remove.isPending}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          if (id === null) return;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(false);
              onClose();
            },
            onError: (error) => {
              setDeleting(false);
              fail(error, M.save);
            },
          });
        }}
      />
    </Paper>
  );
}
