import { generateRedgram, REDGRAM_MESSAGES, type RedgramMode, type RedgramProfile } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshAfterChange } from '@/lib/query-client';
import { useGeneration } from '@/lib/use-generation';
import { historyKey } from './api/get-history';
import { useProfiles } from './api/get-profiles';
import { pickProfile, readLastProfile, saveLastProfile } from './last-profile';
import { toast } from './toast';

/** The member's profiles and the one chosen. A reload keeps the member's last choice; one profile needs none. */
export function useChosenProfile(userId: number | undefined) {
  const profiles = useProfiles();
  const [chosenId, setChosenId] = useState(() => readLastProfile(userId));
  const choose = (id: number | null) => {
    setChosenId(id);
    saveLastProfile(userId, id);
  };
  return { profiles, selected: pickProfile(profiles.data, chosenId), choose };
}

/** Writes the texts with Gemini, streamed; what the result panel shows while it writes and after. */
export function useRedgramWriter({
  selected,
  mode,
  input,
  variantCount,
}: {
  selected: RedgramProfile | null;
  mode: RedgramMode;
  input: string;
  variantCount: number;
}) {
  const queryClient = useQueryClient();
  const generation = useGeneration();

  const generate = async () => {
    if (generation.busy) return;
    if (!selected) return toast(REDGRAM_MESSAGES.selectProfile, 'error');
    if (input.trim() === '') return toast(REDGRAM_MESSAGES.missingText[mode], 'error');
    const result = await generation.run(
      generateRedgram,
      { body: { profile_id: selected.id, mode, text: input, variants: variantCount } },
      REDGRAM_MESSAGES.generateFailed,
    );
    if (result.ok) {
      toast(REDGRAM_MESSAGES.generated);
      void refreshAfterChange(queryClient, historyKey);
    } else if (result.error) toast(result.error, 'error');
  };

  const shownVariants =
    generation.variants.length > 1
      ? generation.variants
      : generation.busy && variantCount > 1
        ? Array.from({ length: variantCount }, () => '')
        : [generation.text];
  const clearResult = () => {
    generation.setText('');
    generation.setVariants([]);
  };

  return { busy: generation.busy, stop: generation.stop, generate, shownVariants, clearResult };
}
