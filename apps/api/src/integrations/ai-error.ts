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

export class AiError extends Error {
  override readonly name = 'AiError';

  constructor(
    readonly kind: AiFailure,
    /** The provider's own error message (kind 'api'), with the key removed. */
    readonly detail?: string,
    readonly status?: number,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}
