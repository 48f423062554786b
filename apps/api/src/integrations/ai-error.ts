/** Why a generation failed, whichever provider wrote it; each AI tool turns these into its own Spanish messages. */
export type AiFailure =
  /** The provider answered with an error (bad key, quota, invalid request...): `detail` is its message. */
  | 'api'
  /** The provider answered without any generated text. */
  | 'no-text'
  /** The provider's answer could not be read. */
  | 'bad-response'
  /** The provider could not be reached. */
  | 'network'
  /** The provider stayed silent longer than the outgoing timeout. */
  | 'timeout'
  /** The caller stopped the generation (the browser went away or pressed "Detener"). */
  | 'aborted';

/** A provider's wait in whole seconds (1 to an hour), from a retry-after header or a duration such as "20s". */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  let seconds: number;
  if (/^\d+(\.\d+)?s?$/.test(text)) seconds = Number.parseFloat(text);
  else {
    const at = Date.parse(text);
    if (Number.isNaN(at)) return undefined;
    seconds = (at - now) / 1000;
  }
  if (!Number.isFinite(seconds) || seconds <= 0) return undefined;
  return Math.min(3600, Math.ceil(seconds));
}

export class AiError extends Error {
  override readonly name = 'AiError';

  constructor(
    readonly kind: AiFailure,
    /** The provider's own error message (kind 'api'), with the key removed. */
    readonly detail?: string,
    readonly status?: number,
    /** How long the provider asked to wait before trying again (a 429's retry-after), in whole seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}

/**
 * Watches one provider request: aborts it after `timeoutMs` without news (re-armed by `arm` on each piece) or when
 * the caller aborts, and afterwards names which of the two stopped it. Throws 'aborted' when the caller already left.
 */
export function watchSilence(timeoutMs: number, callerSignal: AbortSignal | undefined) {
  if (callerSignal?.aborted) throw new AiError('aborted');
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort);
  return {
    signal: controller.signal,
    arm() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, timeoutMs);
      timer.unref();
    },
    stop() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
    /** 'timeout' or 'aborted' when the watch stopped the request, undefined when something else failed. */
    failure(): AiError | undefined {
      if (timedOut) return new AiError('timeout');
      if (controller.signal.aborted) return new AiError('aborted');
      return undefined;
    },
  };
}
