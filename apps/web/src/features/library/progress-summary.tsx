import type { Category, LibraryProgress } from '@app/contracts';
import { Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';

const percent = (done: number, total: number) => (total === 0 ? 0 : Math.round((done / total) * 100));

export const completedLabel = (done: number, total: number) => `${done} de ${total} completadas`;

function ProgressLine({ label, done, total }: { label: string; done: number; total: number }) {
  return (
    <Stack gap={4} role="group" aria-label={label}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Progress value={percent(done, total)} color="teal" aria-label={`Progreso: ${label}`} />
      <Text size="sm" c="dimmed">
        {completedLabel(done, total)}
      </Text>
    </Stack>
  );
}

/** The member's own progress: the whole library, then each category that has videos (or the chosen one). */
export function ProgressSummary({
  progress,
  categories,
  categoryId,
  overallOnly = false,
}: {
  progress: LibraryProgress;
  categories: readonly Category[];
  /** The category chosen in the filter, or null for all. */
  categoryId: number | null;
  /** Only the whole library's line (the rows per category show their own). */
  overallOnly?: boolean;
}) {
  const names = new Map(categories.map((category) => [category.id, category.nombre]));
  const rows = overallOnly
    ? []
    : progress.categorias.filter((row) =>
        categoryId === null ? row.total > 0 : row.categoria_id === categoryId,
      );
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label="Tu progreso">
      <ProgressLine label="Tu progreso" done={progress.completadas} total={progress.total} />
      {rows.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="md" spacing="md">
          {rows.map((row) => (
            <ProgressLine
              key={row.categoria_id}
              label={names.get(row.categoria_id) ?? ''}
              done={row.completadas}
              total={row.total}
            />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
