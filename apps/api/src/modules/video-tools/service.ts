import {
  TOOL_TITLES,
  VIDEO_MESSAGES,
  VIDEO_PROVIDER_TOOL,
  type VideoListQuery,
  type VideoPageOf,
  type VideoProvider,
  type VideoRecordOf,
  type VideoService,
  type VideoServiceStatus,
} from '@app/contracts';
import { uniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../lib/errors';
import type { Actor, HistoryRecorder } from '../history';
import type { ServiceHealth } from './health';
import type { VideoProviderImpl } from './providers';
import { toRecord, type VideoRepo } from './repo';

const collator = new Intl.Collator('es', { sensitivity: 'base', numeric: true });

/** Rules of the saved-video records, shared by both providers. Knows nothing of HTTP. */
export function createVideoToolsService<P extends VideoProvider>(deps: {
  provider: P;
  impl: VideoProviderImpl;
  repo: VideoRepo;
  /** A download link for a saved record, obtained now (see download.ts). */
  resolveDownload: (record: { video_id: string; url_video: string | null }) => Promise<string>;
  health: ServiceHealth;
  /** The outside services this provider depends on, as the admin notice lists them. */
  services: readonly VideoService[];
  history: HistoryRecorder;
}) {
  const { provider, impl, repo, history } = deps;
  const toolTitle = TOOL_TITLES[VIDEO_PROVIDER_TOOL[provider]];
  return {
    /** Resolves the link on the server and saves the record for the signed-in member. */
    async save(url: string, userId: number): Promise<VideoRecordOf<P>> {
      const record = await impl.resolve(url);
      try {
        return toRecord(provider, await repo.insert({ ...record, provider, user_id: userId }));
      } catch (error) {
        if (uniqueViolation(error)) throw conflict(VIDEO_MESSAGES.duplicate, 'url');
        throw error;
      }
    },

    async list(query: VideoListQuery): Promise<VideoPageOf<P>> {
      const { rows, total, ...keys } = await repo.page(provider, query.filter, query);
      const items = rows.map((row) => toRecord(provider, row));
      return { items, total, pageSize: query.pageSize, ...keys } as VideoPageOf<P>;
    },

    /** The distinct channels (YouTube) or users (Instagram), sorted for people. */
    async filters(): Promise<string[]> {
      const values = await repo.filterValues(provider);
      return values.filter((value) => value.trim() !== '').sort(collator.compare);
    },

    remove: (recordId: number, actor: Actor): Promise<void> =>
      repo.transaction(async () => {
        const titulo = await repo.deleteOne(provider, recordId);
        if (titulo === undefined) throw notFound(VIDEO_MESSAGES.recordNotFound);
        await history.recordAction(actor, {
          kind: 'saved_videos.delete',
          entity_type: `${provider}.record`,
          entity_id: recordId,
          label: `${titulo} (${toolTitle})`,
          changes: [{ field: 'titulo', before: titulo, after: null }],
        });
      }),

    /**
     * The link to send the member to for one saved record. Its owner or an administrator may ask; anyone else
     * hears that it does not exist, as for a record that does not.
     */
    async downloadLink(recordId: number, user: { id: number; admin: boolean }): Promise<string> {
      const record = await repo.findForDownload(provider, recordId);
      if (!record || (record.user_id !== user.id && !user.admin)) {
        throw notFound(VIDEO_MESSAGES.recordNotFound);
      }
      return deps.resolveDownload(record);
    },

    /** The services this tool needs that are not configured or failed recently. */
    serviceStatus(): VideoServiceStatus[] {
      return deps.health.report(deps.services);
    },

    /** Deletes what the current filter shows (everything when there is none). */
    removeAll: (filter: string | undefined, actor: Actor): Promise<number> =>
      repo.transaction(async () => {
        const deleted = await repo.deleteAll(provider, filter);
        await history.recordAction(actor, {
          kind: 'saved_videos.delete_all',
          entity_type: `${provider}.record`,
          label: toolTitle,
          changes: [
            { field: 'registros', before: String(deleted), after: null },
            ...(filter ? [{ field: 'filtro', before: null, after: filter }] : []),
          ],
        });
        return deleted;
      }),
  };
}

export type VideoToolsService<P extends VideoProvider = VideoProvider> = ReturnType<
  typeof createVideoToolsService<P>
>;
