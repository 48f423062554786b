import { getTextoReady } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** Whether the text tools can generate (a member's view: yes or no); administrators read the settings instead. */
export const useTextoReady = (enabled: boolean) =>
  useQuery({ queryKey: ['texto', 'ready'], queryFn: () => api(getTextoReady), enabled });
