import { pageCount, type Category, type Video } from '@app/contracts';
import { Grid } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { notifyDone, notifyFailed } from '@/lib/notify';
import { useTimeZone } from '@/lib/public-config';
import { errorMessage } from '@/lib/query-client';
import { useDeleteCategory } from './api/delete-category';
import { useDeleteVideo } from './api/delete-video';
import { useMoveVideo } from './api/move-video';
import { AdminVideoList } from './admin-video-list';
import { CategoryDialog } from './category-dialog';
import { CategoryList } from './category-list';
import { ProgressReport } from './progress-report';
import type { LibraryViewProps } from './use-library-view';
import { VideoDialog } from './video-dialog';

type Dialog =
  | { kind: 'category'; category: Category | null }
  | { kind: 'video'; video: Video | null }
  | { kind: 'delete-category'; category: Category }
  | { kind: 'delete-video'; video: Video };

const IRREVERSIBLE = 'Esta acción no se puede deshacer.';

/** Deleting a category deletes its videos: the confirmation says so, with the count. */
const withVideos = (count: number) =>
  count === 0
    ? ''
    : count === 1
      ? ' También se eliminará su video.'
      : ` También se eliminarán sus ${count} videos.`;

/**
 * The administrator's management view: the categories and videos panels, the progress report, and the dialogs
 * their buttons open (edit, and confirmations before deleting).
 */
export function AdminView({ library, config, data, state }: LibraryViewProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const moveVideo = useMoveVideo(library);
  const deleteCategory = useDeleteCategory(library, (id) => {
    if (state.query.categoryId === id) state.setCategory(null);
  });
  const deleteVideo = useDeleteVideo(library);
  const timeZone = useTimeZone();
  const busy = moveVideo.isPending || deleteCategory.isPending || deleteVideo.isPending;
  const close = () => setDialog(null);

  /** What a change does when it is answered: the toast, and the dialog closes when it worked. */
  const outcome = (success: string | null, failure: string, done?: () => void) => ({
    onSuccess: () => {
      if (success) notifyDone(success);
      done?.();
      setDialog(null);
    },
    onError: (error: Error) => notifyFailed(errorMessage(error, failure)),
  });

  const move = (video: Video, direction: 'up' | 'down') =>
    moveVideo.mutate({ id: video.id, direction }, outcome(null, 'Error al guardar el video'));

  /** After creating a video, show its category's last page, where it was added. */
  const showSaved = (video: Video, created: boolean) => {
    if (!created) return;
    const count = (data.categories.find((c) => c.id === video.categoria_id)?.total_videos ?? 0) + 1;
    state.setCategory(video.categoria_id);
    state.setPage(pageCount(count, data.videos.pageSize));
  };

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <CategoryList
            categories={data.categories}
            onAdd={() => setDialog({ kind: 'category', category: null })}
            onEdit={(category) => setDialog({ kind: 'category', category })}
            onDelete={(category) => setDialog({ kind: 'delete-category', category })}
          />
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <AdminVideoList
            videos={data.videos}
            categories={data.categories}
            categoryId={state.query.categoryId}
            formatDate={(iso) => config.formatDate(iso, timeZone)}
            busy={busy}
            onCategory={state.setCategory}
            onPage={state.setPage}
            onAdd={() => setDialog({ kind: 'video', video: null })}
            onEdit={(video) => setDialog({ kind: 'video', video })}
            onDelete={(video) => setDialog({ kind: 'delete-video', video })}
            onMove={move}
          />
        </Grid.Col>
      </Grid>

      <ProgressReport library={library} />

      {dialog?.kind === 'category' && (
        <CategoryDialog library={library} category={dialog.category} onClose={close} />
      )}
      {dialog?.kind === 'video' && (
        <VideoDialog
          library={library}
          video={dialog.video}
          categories={data.categories}
          onClose={close}
          onSaved={showSaved}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete-category'}
        title="Eliminar categoría"
        busy={busy}
        message={
          dialog?.kind === 'delete-category' &&
          `¿Estás seguro de que deseas eliminar la categoría "${dialog.category.nombre}"?` +
            withVideos(dialog.category.total_videos) +
            ` ${IRREVERSIBLE}`
        }
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'delete-category' &&
          deleteCategory.mutate(
            dialog.category.id,
            outcome('Categoría eliminada correctamente', 'Error al eliminar la categoría'),
          )
        }
      />
      <ConfirmDialog
        opened={dialog?.kind === 'delete-video'}
        title="Eliminar video"
        busy={busy}
        message={
          dialog?.kind === 'delete-video' &&
          `¿Estás seguro de que deseas eliminar el video "${dialog.video.titulo}"? ${IRREVERSIBLE}`
        }
        onCancel={close}
        onConfirm={() =>
          dialog?.kind === 'delete-video' &&
          deleteVideo.mutate(
            dialog.video.id,
            outcome('Video eliminado correctamente', 'Error al eliminar el video'),
          )
        }
      />
    </>
  );
}
