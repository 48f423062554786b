import type { Endpoint, EndpointInput } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from './api-error';
import { streamGeneration } from './generation-stream';

export type GenerationResult = { ok: true; text: string } | { ok: false; error: string | null };

/**
 * A streamed generation: `text` grows while `busy`; `stop()` cancels it (the server then stops Gemini). The busy
 * state always ends. A stopped run resolves `{ ok: false, error: null }` and keeps the text received so far.
 */
export function useGeneration() {
  const [text, setText] = useState('');
  /** Each variant's text, for a generation of several (otherwise empty). */
  const [variants, setVariants] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async <E extends Endpoint>(
      endpoint: E,
      input: EndpointInput<E>,
      fallbackError: string,
    ): Promise<GenerationResult> => {
      if (controller.current) return { ok: false, error: null };
      const current = new AbortController();
      controller.current = current;
      setBusy(true);
      setText('');
      setVariants([]);
      try {
        const whole = await streamGeneration(endpoint, input, {
          signal: current.signal,
          onText: setText,
          onVariants: setVariants,
          fallbackError,
        });
        return { ok: true, text: whole };
      } catch (error) {
        if (current.signal.aborted) return { ok: false, error: null };
        return { ok: false, error: error instanceof ApiError ? error.message : fallbackError };
      } finally {
        controller.current = null;
        setBusy(false);
      }
    },
    [],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { text, setText, variants, setVariants, busy, run, stop };
}
