import { isHttpUrl, requestJson } from './http';

export interface CobaltConfig {
  /** Base URL of a self-hosted cobalt instance; undefined: no download links. */
  url: string | undefined;
  apiKey: string | undefined;
  timeoutMs: number;
}

/** What cobalt said about a media link. */
export type CobaltResult = { ok: true; url: string } | { ok: false; reason: string };

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

/**
 * cobalt's API (POST / with {url}): `tunnel` and `redirect` carry the file link, `picker` a list of media
 * (the first video is used), `error` a code. Nothing here ever makes up a link.
 */
export function createCobaltClient(config: CobaltConfig) {
  return {
    configured: config.url !== undefined,

    async downloadLink(mediaUrl: string): Promise<CobaltResult> {
      if (!config.url) return { ok: false, reason: 'cobalt no configurado' };
      const { body } = await requestJson(`${config.url}/`, {
        method: 'POST',
        headers: config.apiKey ? { authorization: `Api-Key ${config.apiKey}` } : {},
        body: { url: mediaUrl },
        timeoutMs: config.timeoutMs,
      });
      const data = obj(body);
      switch (data.status) {
        case 'tunnel':
        case 'redirect':
          return isHttpUrl(data.url)
            ? { ok: true, url: data.url }
            : { ok: false, reason: 'respuesta sin url' };
        case 'picker': {
          const items = Array.isArray(data.picker) ? data.picker.map(obj) : [];
          const video = items.find((item) => item.type === 'video' && isHttpUrl(item.url));
          return video
            ? { ok: true, url: video.url as string }
            : { ok: false, reason: 'sin video en picker' };
        }
        case 'error':
          return { ok: false, reason: String(obj(data.error).code ?? 'error') };
        default:
          return { ok: false, reason: 'respuesta no reconocida' };
      }
    },
  };
}

export type CobaltClient = ReturnType<typeof createCobaltClient>;
