import {
  createRedgramProfile,
  deleteRedgramProfile,
  listRedgramProfiles,
  REDGRAM_MESSAGES,
  updateRedgramProfile,
  type RedgramProfile,
  type RedgramProfileBody,
} from '@app/contracts';
import { useCallback } from 'react';
import { api } from '@/lib/api';
import { useList } from '@/lib/use-list';

const loadProfiles = () =>
  api(listRedgramProfiles, {}, { fallbackError: REDGRAM_MESSAGES.loadProfilesFailed });

/** The member's profiles: loaded sorted by name; a new one is placed first (spec, section 4). */
export function useProfiles() {
  const {
    items: profiles,
    setItems: setProfiles,
    loading,
    error,
    reload: load,
  } = useList<RedgramProfile>(loadProfiles, REDGRAM_MESSAGES.loadProfilesFailed);

  const create = useCallback(
    async (body: RedgramProfileBody) => {
      const created = await api(
        createRedgramProfile,
        { body },
        { fallbackError: REDGRAM_MESSAGES.saveProfileFailed },
      );
      setProfiles((current) => [created, ...current]);
      return created;
    },
    [setProfiles],
  );

  const update = useCallback(
    async (id: number, body: RedgramProfileBody) => {
      const updated = await api(
        updateRedgramProfile,
        { params: { id }, body },
        { fallbackError: REDGRAM_MESSAGES.updateProfileFailed },
      );
      setProfiles((current) => current.map((profile) => (profile.id === id ? updated : profile)));
      return updated;
    },
    [setProfiles],
  );

  const remove = useCallback(
    async (id: number) => {
      await api(
        deleteRedgramProfile,
        { params: { id } },
        { fallbackError: REDGRAM_MESSAGES.deleteProfileFailed },
      );
      setProfiles((current) => current.filter((profile) => profile.id !== id));
    },
    [setProfiles],
  );

  return { profiles, loading, error, reload: load, create, update, remove };
}
