import type { Category } from '@app/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { RowActions } from '@/components/row-actions';

/** Card lists: subtle icon buttons with tooltips. */
export const CARD_ACTIONS = { variant: 'subtle', withTooltip: true, iconSize: 18, gap: 4 } as const;

const videosLabel = (count: number) => (count === 1 ? '1 video' : `${count} videos`);

/** The administrator's "Categorías" panel: each category with its video count, edit and delete. */
export function CategoryList({
  categories,
  onAdd,
  onEdit,
  onDelete,
}: {
  categories: readonly Category[];
  onAdd: () => void;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="categorias-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3" id="categorias-title">
          Categorías
        </Title>
        <Button size="sm" leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onAdd}>
          Nueva Categoría
        </Button>
      </Group>
      {categories.length === 0 ? (
        <Stack align="center" py="lg" gap="sm">
          <Text c="dimmed">No hay categorías creadas.</Text>
          <Button variant="light" onClick={onAdd}>
            Crear primera categoría
          </Button>
        </Stack>
      ) : (
        <Stack gap="sm">
          {categories.map((category) => (
            <Paper key={category.id} withBorder radius="sm" p="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600}>{category.nombre}</Text>
                  {category.descripcion && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {category.descripcion}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {videosLabel(category.total_videos)}
                  </Text>
                </Stack>
                <RowActions
                  {...CARD_ACTIONS}
                  editLabel={`Editar categoría ${category.nombre}`}
                  onEdit={() => onEdit(category)}
                  deleteLabel={`Eliminar categoría ${category.nombre}`}
                  onDelete={() => onDelete(category)}
                />
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
