import { LIBRARY_API, type LibraryName } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { continueWatchingQueryOptions } from './get-continue-watching';
import { refreshAfterChange } from '@/lib/query-client';

/** Records that the member opened a class (on the server, their own): "Continuar viendo" is loaded again. */
export const useRecordOpened = (library: LibraryName) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(LIBRARY_API[library].recordOpened, { params: { id } }),
    onSuccess: () => refreshAfterChange(queryClient, continueWatchingQueryOptions(library).queryKey),
  });
};
