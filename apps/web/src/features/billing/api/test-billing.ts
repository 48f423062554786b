import { testBilling } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** A harmless call to the provider with the server's key: "conectado" or why not. */
export const useTestBilling = () => useMutation({ mutationFn: () => api(testBilling, { body: {} }) });
