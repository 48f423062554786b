import { cobaltErrorMessage, COBALT_MESSAGES, type CobaltFailureKind } from './cobalt-messages';
import { isHttpUrl, OutgoingError, requestJson } from './http';

export interface CobaltConfig {
  /** Base URL of a self-hosted cobalt instance; undefined: no download links. */
  url: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
}

/**
 * What cobalt said about a media link: a file link, or why there is none (a Spanish message for the member,
 * the HTTP status to answer with, and whether the fault is the service's rather than the video's).
 */
export type CobaltResult =
  | { ok: true; url: string; status: 'tunnel' | 'redirect' | 'picker' }
  | {
      ok: false;
      /** cobalt's own code (`error.api.…`) or our name for a failure that carries none. */
      code: string;
      message: string;
      kind: CobaltFailureKind;
      /** Seconds cobalt asks to wait (rate limit), when it says. */
      retryAfter?: number;
    };

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

const failure = (code: string, kind: CobaltFailureKind, message: string): CobaltResult => ({
  ok: false,
  code,
  kind,
  message,
});

/**
 * cobalt's API (docs/api.md of imputnet/cobalt, POST / with {url}): `tunnel` and `redirect` carry the file
 * link, `picker` a list of media (the first video is used), `local-processing` only parts the browser would
 * have to join, `error` a code. Never throws and never makes up a link.
 */
export function createCobaltClient(config: CobaltConfig) {
  return {
    configured: config.url !== undefined,

    async downloadLink(mediaUrl: string): Promise<CobaltResult> {
      if (!config.url) return failure('not-configured', 'service', COBALT_MESSAGES.notConfigured);
      let body: unknown;
      try {
        ({ body } = await requestJson(`${config.url}/`, {
          method: 'POST',
          headers: config.apiKey ? { authorization: `Api-Key ${config.apiKey}` } : {},
          body: { url: mediaUrl },
          timeoutMs: config.timeoutMs,
        }));
      } catch (error) {
        if (!(error instanceof OutgoingError)) throw error;
        return error.kind === 'timeout'
          ? failure('timeout', 'service', COBALT_MESSAGES.timeout)
          : error.kind === 'network'
            ? failure('unreachable', 'service', COBALT_MESSAGES.unreachable)
            : failure('unknown_response', 'service', COBALT_MESSAGES.unknownResponse);
      }
      const data = obj(body);
      switch (data.status) {
        case 'tunnel':
        case 'redirect':
          return isHttpUrl(data.url)
            ? { ok: true, url: data.url, status: data.status }
            : failure('unknown_response', 'service', COBALT_MESSAGES.unknownResponse);
        case 'picker': {
          const items = Array.isArray(data.picker) ? data.picker.map(obj) : [];
          const video = items.find((item) => item.type === 'video' && isHttpUrl(item.url));
          if (video) return { ok: true, url: video.url as string, status: 'picker' };
          return items.length > 0
            ? failure('picker.no_video', 'content', COBALT_MESSAGES.photosOnly)
            : failure('unknown_response', 'service', COBALT_MESSAGES.unknownResponse);
        }
        case 'local-processing':
          return failure('local-processing', 'content', COBALT_MESSAGES.localProcessing);
        case 'error': {
          const error = obj(data.error);
          const code = typeof error.code === 'string' ? error.code : 'error.api.generic';
          const context = obj(error.context);
          const described = cobaltErrorMessage(code, {
            service: typeof context.service === 'string' ? context.service : undefined,
            limit: typeof context.limit === 'number' ? context.limit : undefined,
          });
          return {
            ok: false,
            code,
            ...described,
            ...(code === 'error.api.rate_exceeded' && typeof context.limit === 'number'
              ? { retryAfter: context.limit }
              : {}),
          };
        }
        default:
          return failure('unknown_response', 'service', COBALT_MESSAGES.unknownResponse);
      }
    },
  };
}

export type CobaltClient = ReturnType<typeof createCobaltClient>;
