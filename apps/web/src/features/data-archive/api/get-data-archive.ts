import { getMemberDataArchive, getMyDataArchive, type DataArchiveState } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** How often the screen asks again while the archive is being made. */
const POLL_MS = 1000;

/** Whose archive: the member's own (null) or a member's, as the administrator asked for it. */
export type ArchiveOwner = { memberId: number } | null;

export const dataArchiveQueryKey = (owner: ArchiveOwner) =>
  owner ? ['data-archive', 'member', owner.memberId] : ['data-archive', 'own'];

const working = (state: DataArchiveState | undefined) =>
  state?.archive?.status === 'pending' || state?.archive?.status === 'running';

const dataArchiveQueryOptions = (owner: ArchiveOwner) =>
  queryOptions({
    queryKey: dataArchiveQueryKey(owner),
    queryFn: () =>
      owner ? api(getMemberDataArchive, { params: { id: owner.memberId } }) : api(getMyDataArchive),
    // Polled while the archive is made, so its progress moves on screen; still once it is done.
    refetchInterval: (query) => (working(query.state.data) ? POLL_MS : false),
  });

export const useDataArchive = (owner: ArchiveOwner) => useQuery(dataArchiveQueryOptions(owner));
