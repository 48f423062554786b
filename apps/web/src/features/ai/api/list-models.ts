import { AI_PROVIDER_MESSAGES, listAiConnectionModels } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** The OpenAI-compatible connection's models, asked for when the admin presses «Cargar modelos». */
export const useAiConnectionModels = () =>
  useMutation({
    mutationFn: (id: string) =>
      api(listAiConnectionModels, { params: { id } }, { fallbackError: AI_PROVIDER_MESSAGES.modelsFailed }),
  });
