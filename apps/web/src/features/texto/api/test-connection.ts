import { AI_PROVIDER_MESSAGES, testTextoConnection, type AiConnectionTestBody } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** "Probar conexión": one short call with the form's values; nothing is saved. */
export const useTextoConnectionTest = () =>
  useMutation({
    mutationFn: (body: AiConnectionTestBody) =>
      api(testTextoConnection, { body }, { fallbackError: AI_PROVIDER_MESSAGES.testFailed }),
  });
