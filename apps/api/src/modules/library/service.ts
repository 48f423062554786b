import {
  CONTINUE_WATCHING_LIMIT,
  LIBRARY_MESSAGES,
  TOOL_TITLES,
  type LibraryName,
  type Category,
  type CategoryBody,
  type LibraryProgress,
  type Video,
  type VideoBody,
  type VideoPage,
  type VideoSort,
} from '@app/contracts';
import type { Clock } from '../../lib/clock';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { created, diff, removed, type Actor, type HistoryRecorder } from '../history';
import type { LibraryRepo } from './repo';

export interface LibraryServiceDeps {
  repo: LibraryRepo;
  clock: Clock;
  library: LibraryName;
  history: HistoryRecorder;
}

/** What the history shows of a category and of a video. */
const CATEGORY_FIELDS = ['nombre', 'descripcion'] as const;
const VIDEO_FIELDS = ['titulo', 'descripcion', 'categoria', 'url', 'material', 'miniatura'] as const;
const videoShown = (video: Video) => ({ ...video, categoria: video.categoria_nombre });

/** "Bienvenida (Membresía)": which library, since both share the history. */
const inLibrary = (library: LibraryName, name: string) => `${name} (${TOOL_TITLES[library]})`;

async function requireCategory(repo: LibraryRepo, id: number): Promise<Category> {
  const category = await repo.findCategory(id);
  if (!category) throw notFound(LIBRARY_MESSAGES.categoryNotFound);
  return category;
}

async function requireVideo(repo: LibraryRepo, id: number, userId: number): Promise<Video> {
  const video = await repo.findVideo(id, userId);
  if (!video) throw notFound(LIBRARY_MESSAGES.videoNotFound);
  return video;
}

const videoValues = (body: VideoBody) => ({
  titulo: body.titulo,
  descripcion: body.descripcion,
  categoria_id: body.categoria_id,
  url: body.url,
  material: body.material === '' ? null : body.material,
  miniatura: body.miniatura === '' ? null : body.miniatura,
});

interface Slot {
  id: number;
  orden: number;
}

/**
 * The category's order with two videos swapped, dealt onto the old order's slots (each at least one above the
 * previous, so ties from older data are spread out): only the videos whose orden changes.
 */
function redealt(order: readonly Slot[], moving: Slot, other: Slot): Slot[] {
  const ids = order.map((row) => (row === moving ? other.id : row === other ? moving.id : row.id));
  const changed: Slot[] = [];
  let previous = -Infinity;
  for (const [index, slot] of order.entries()) {
    const videoId = ids[index] ?? slot.id;
    const orden = Math.max(slot.orden, previous + 1);
    previous = orden;
    if (slot.id !== videoId || slot.orden !== orden) changed.push({ id: videoId, orden });
  }
  return changed;
}

/** The categories of one library: names unique within it, every change in the history. */
function categoryRules({ repo, library, history }: LibraryServiceDeps) {
  const assertNameFree = async (nombre: string, exceptId?: number) => {
    const other = await repo.findCategoryByName(nombre);
    if (other && other.id !== exceptId) throw conflict(LIBRARY_MESSAGES.nombreTaken, 'nombre');
  };

  return {
    listCategories: (): Promise<Category[]> => repo.listCategories(),

    createCategory: (body: CategoryBody, actor: Actor): Promise<Category> =>
      repo.transaction(async () => {
        await assertNameFree(body.nombre);
        const saved = await requireCategory(repo, await repo.insertCategory(body));
        await history.recordAction(actor, {
          kind: 'library.category.create',
          entity_type: `${library}.category`,
          entity_id: saved.id,
          label: inLibrary(library, saved.nombre),
          changes: created(saved, CATEGORY_FIELDS),
        });
        return saved;
      }),

    updateCategory: (id: number, body: CategoryBody, actor: Actor): Promise<Category> =>
      repo.transaction(async () => {
        const existing = await requireCategory(repo, id);
        await assertNameFree(body.nombre, id);
        await repo.updateCategory(id, body);
        const saved = await requireCategory(repo, id);
        await history.recordAction(actor, {
          kind: 'library.category.update',
          entity_type: `${library}.category`,
          entity_id: id,
          label: inLibrary(library, saved.nombre),
          changes: diff(existing, saved, CATEGORY_FIELDS),
        });
        return saved;
      }),

    /** Deletes the category with its videos; answers how many videos went with it. */
    deleteCategory: (id: number, actor: Actor): Promise<{ deleted_videos: number }> =>
      repo.transaction(async () => {
        const category = await requireCategory(repo, id);
        await repo.deleteCategory(id);
        await history.recordAction(actor, {
          kind: 'library.category.delete',
          entity_type: `${library}.category`,
          entity_id: id,
          label: inLibrary(library, category.nombre),
          changes: [
            ...removed(category, CATEGORY_FIELDS),
            { field: 'videos', before: String(category.total_videos), after: null },
          ],
        });
        return { deleted_videos: category.total_videos };
      }),
  };
}

/** The videos of one library: pages, writes in the history, and their order within a category. */
function videoRules({ repo, clock, library, history }: LibraryServiceDeps) {
  /** A category of another library is as unknown as a missing one. */
  const assertCategoryExists = async (categoriaId: number) => {
    if (!(await repo.findCategory(categoriaId)))
      throw badRequest(LIBRARY_MESSAGES.categoriaUnknown, 'categoria_id');
  };

  return {
    /** One page of videos; a category of another library is as unknown as a missing one (404). */
    listVideos: async (
      query: { page: number; pageSize: number; sort: VideoSort; categoria_id?: number | undefined },
      userId: number,
    ): Promise<VideoPage> => {
      const { page, pageSize } = query;
      const result = await repo.videoPage(userId, {
        sort: query.sort,
        categoriaId: query.categoria_id,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      });
      if (!result) throw notFound(LIBRARY_MESSAGES.categoryNotFound);
      return { items: result.items, total: result.total, page, pageSize };
    },

    /** A new video goes last: orden = number of videos + 1 (spec, section 9). */
    createVideo: (body: VideoBody, userId: number, actor: Actor): Promise<Video> =>
      repo.transaction(async () => {
        await assertCategoryExists(body.categoria_id);
        const id = await repo.insertVideo({
          ...videoValues(body),
          orden: (await repo.countVideos()) + 1,
          fecha_creacion: clock.now().toISOString(),
        });
        const saved = await requireVideo(repo, id, userId);
        await history.recordAction(actor, {
          kind: 'library.video.create',
          entity_type: `${library}.video`,
          entity_id: id,
          label: inLibrary(library, saved.titulo),
          changes: created(videoShown(saved), VIDEO_FIELDS),
        });
        return saved;
      }),

    updateVideo: (id: number, body: VideoBody, userId: number, actor: Actor): Promise<Video> =>
      repo.transaction(async () => {
        const existing = await requireVideo(repo, id, userId);
        await assertCategoryExists(body.categoria_id);
        await repo.updateVideo(id, videoValues(body));
        const saved = await requireVideo(repo, id, userId);
        await history.recordAction(actor, {
          kind: 'library.video.update',
          entity_type: `${library}.video`,
          entity_id: id,
          label: inLibrary(library, saved.titulo),
          changes: diff(videoShown(existing), videoShown(saved), VIDEO_FIELDS),
        });
        return saved;
      }),

    deleteVideo: (id: number, userId: number, actor: Actor): Promise<void> =>
      repo.transaction(async () => {
        const existing = await requireVideo(repo, id, userId);
        await repo.deleteVideo(id);
        await history.recordAction(actor, {
          kind: 'library.video.delete',
          entity_type: `${library}.video`,
          entity_id: id,
          label: inLibrary(library, existing.titulo),
          changes: removed(videoShown(existing), VIDEO_FIELDS),
        });
      }),

    /**
     * Moves a video one place up or down within its category, persisted in `orden`. The category's videos
     * keep their set of orden values, re-dealt in the new order (ties from older data are spread out).
     */
    moveVideo: (id: number, direction: 'up' | 'down', userId: number, actor: Actor): Promise<void> =>
      repo.transaction(async () => {
        const video = await requireVideo(repo, id, userId);
        const order = await repo.categoryOrder(video.categoria_id);
        const from = order.findIndex((row) => row.id === id);
        const to = direction === 'up' ? from - 1 : from + 1;
        const moving = order[from];
        const other = order[to];
        if (!moving || !other) return;
        for (const { id: videoId, orden } of redealt(order, moving, other))
          await repo.setOrden(videoId, orden);
        await history.recordAction(actor, {
          kind: 'library.video.move',
          entity_type: `${library}.video`,
          entity_id: id,
          label: inLibrary(library, video.titulo),
          changes: [{ field: 'posicion', before: String(from + 1), after: String(to + 1) }],
        });
      }),
  };
}

/** What each member marks for themselves: watched and opened classes, and the progress they add up to. */
function memberRules({ repo, clock }: LibraryServiceDeps) {
  return {
    setWatched: (id: number, visto: boolean, userId: number): Promise<{ id: number; visto: boolean }> =>
      repo.transaction(async () => {
        await requireVideo(repo, id, userId);
        await repo.setWatched(userId, id, visto, clock.now().toISOString());
        return { id, visto };
      }),

    progress: (userId: number): Promise<LibraryProgress> => repo.progress(userId),

    /** The member opened the class: recorded for them alone; opening it again moves it to the front. */
    recordOpened: (id: number, userId: number): Promise<{ id: number; abierto_en: string }> =>
      repo.transaction(async () => {
        await requireVideo(repo, id, userId);
        const abierto_en = clock.now().toISOString();
        await repo.recordOpened(userId, id, abierto_en);
        return { id, abierto_en };
      }),

    /** "Continuar viendo": opened and not completed (completing a class takes it out), latest first. */
    continueWatching: (userId: number): Promise<Video[]> =>
      repo.continueWatching(userId, CONTINUE_WATCHING_LIMIT),
  };
}

/** The rules of one video library (the same rules for Membresía and Cafelito Virtual). */
export function createLibraryService(deps: LibraryServiceDeps) {
  return { ...categoryRules(deps), ...videoRules(deps), ...memberRules(deps) };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
