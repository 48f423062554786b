import { COMMUNITY_LOGO_PATH, COMMUNITY_MESSAGES as M, type Community } from '@app/contracts';
import { createHash } from 'node:crypto';
import { notFound } from '../../lib/errors';
import { diff, type Actor, type HistoryRecorder } from '../history';
import { checkLogo } from './logo-file';
import type { CommunityRepo, StoredCommunity } from './repo';

export interface CommunityServiceDeps {
  repo: CommunityRepo;
  history: HistoryRecorder;
}

const logoUrl = (stored: StoredCommunity): string | null =>
  stored.logo_version ? `${COMMUNITY_LOGO_PATH}?v=${stored.logo_version}` : null;

const shown = (stored: StoredCommunity) => ({
  nombre: stored.name ?? '',
  logotipo: stored.logo_version ? `${stored.logo_type ?? ''} (${stored.logo_version})` : '',
});

/** The community's name and logo: set by an administrator, read by every page the server serves. */
export function createCommunityService({ repo, history }: CommunityServiceDeps) {
  const current = async (): Promise<Community> => {
    const stored = await repo.get();
    return { name: stored.name, logo_url: logoUrl(stored) };
  };

  /** Saves a change and its history entry together, then answers the new state. */
  const change = async (actor: Actor, write: () => Promise<void>): Promise<Community> => {
    await repo.transaction(async () => {
      const before = await repo.get();
      await write();
      const after = await repo.get();
      await history.recordAction(actor, {
        kind: 'community.save',
        entity_type: 'community',
        label: 'Comunidad',
        changes: diff(shown(before), shown(after), ['nombre', 'logotipo']),
      });
    });
    return current();
  };

  return {
    get: current,

    saveName: (name: string, actor: Actor) => change(actor, () => repo.saveName(name === '' ? null : name)),

    saveLogo(type: string, base64: string, actor: Actor): Promise<Community> {
      const logo = checkLogo(type, base64);
      // The version is the content's hash: the same file keeps its cached address, a new one gets another.
      const version = createHash('sha256').update(logo.bytes).digest('hex').slice(0, 16);
      return change(actor, () =>
        repo.saveLogo({ type: logo.type, data: logo.bytes.toString('base64'), version }),
      );
    },

    removeLogo: (actor: Actor) => change(actor, () => repo.saveLogo(null)),

    /** The image and its version, for the public logo route. */
    async logo(): Promise<{ type: string; bytes: Buffer; version: string }> {
      const stored = await repo.logo();
      if (!stored) throw notFound(M.noLogo);
      return { type: stored.type, bytes: Buffer.from(stored.data, 'base64'), version: stored.version };
    },
  };
}

export type CommunityService = ReturnType<typeof createCommunityService>;
