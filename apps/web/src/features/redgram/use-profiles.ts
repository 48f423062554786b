import {
  createRedgramProfile,
  deleteRedgramProfile,
  listRedgramProfiles,
  REDGRAM_MESSAGES,
  updateRedgramProfile,
  type RedgramProfile,
  type RedgramProfileBody,
} from '@app/contracts';
import { useCallback, useEffect, useState } from 'react';
import { api } from '@/lib/api';

/** The member's profiles: loaded sorted by name; a new one is placed first (spec, section 4). */
export function useProfiles() {
  const [profiles, setProfiles] = useState<RedgramProfile[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setError(null);
    try {
      setProfiles(await api(listRedgramProfiles, {}, { fallbackError: REDGRAM_MESSAGES.loadProfilesFailed }));
    } catch {
      setError(REDGRAM_MESSAGES.loadProfilesFailed);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const create = useCallback(async (body: RedgramProfileBody) => {
    const created = await api(
      createRedgramProfile,
      { body },
      { fallbackError: REDGRAM_MESSAGES.saveProfileFailed },
    );
    setProfiles((current) => [created, ...current]);
    return created;
  }, []);

  const update = useCallback(async (id: number, body: RedgramProfileBody) => {
    const updated = await api(
      updateRedgramProfile,
      { params: { id }, body },
      { fallbackError: REDGRAM_MESSAGES.updateProfileFailed },
    );
    setProfiles((current) => current.map((profile) => (profile.id === id ? updated : profile)));
    return updated;
  }, []);

  const remove = useCallback(async (id: number) => {
    await api(
      deleteRedgramProfile,
      { params: { id } },
      { fallbackError: REDGRAM_MESSAGES.deleteProfileFailed },
    );
    setProfiles((current) => current.filter((profile) => profile.id !== id));
  }, []);

  return { profiles, loading, error, reload: load, create, update, remove };
}
