import { getRedgramReady } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Whether RedGram can generate (a member's view: yes or no); administrators read the settings instead. */
export const useRedgramReady = (enabled: boolean) =>
  useQuery({ queryKey: ['redgram', 'ready'], queryFn: () => api(getRedgramReady), enabled });
