import { AI_PROVIDER_MESSAGES, testRedgramConnection, type AiConnectionTestBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** "Probar conexión": one short call with the form's values; nothing is saved. */
export const useRedgramConnectionTest = () =>
  useMutation({
    mutationFn: (body: AiConnectionTestBody) =>
      api(testRedgramConnection, { body }, { fallbackError: AI_PROVIDER_MESSAGES.testFailed }),
  });
