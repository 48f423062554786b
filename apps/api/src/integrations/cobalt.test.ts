import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_COBALT_KEY, startFakeCobalt } from '../../test/fakes/cobalt';
import type { HttpFake } from '../../test/fakes/http-fake';
import { createCobaltClient } from './cobalt';
import { COBALT_ERROR_CODES, COBALT_MESSAGES } from './cobalt-messages';

const started: HttpFake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()));
});

async function client(options: { apiKey?: string; sentKey?: string; timeoutMs?: number } = {}) {
  const fake = await startFakeCobalt({ apiKey: options.apiKey ?? FAKE_COBALT_KEY });
  started.push(fake);
  const cobalt = createCobaltClient({
    url: fake.baseUrl,
    apiKey: 'sentKey' in options ? options.sentKey : FAKE_COBALT_KEY,
    timeoutMs: options.timeoutMs ?? 10_000,
  });
  return { fake, cobalt };
}

const reel = (code: string) => `https://www.instagram.com/reel/${code}/`;

describe('cobalt client', () => {
  it('sends the Api-Key header and takes the tunnel link, which the fake serves until it expires', async () => {
    const { fake, cobalt } = await client();
    const result = await cobalt.downloadLink('https://www.youtube.com/watch?v=aBcDe123456');
    expect(result).toMatchObject({ ok: true, status: 'tunnel' });
    expect(fake.requests[0]!.headers.authorization).toBe(`Api-Key ${FAKE_COBALT_KEY}`);
    const url = new URL((result as { url: string }).url);
    expect(Number(url.searchParams.get('exp'))).toBeGreaterThan(Date.now());
    expect((await fetch(url)).status).toBe(200);
  });

  it('takes a redirect link and the first video of a picker', async () => {
    const { fake, cobalt } = await client();
    expect(await cobalt.downloadLink(reel('rRedir'))).toEqual({
      ok: true,
      status: 'redirect',
      url: `${fake.baseUrl}/redirect/rRedir.mp4`,
    });
    const picked = await cobalt.downloadLink(reel('pPicker'));
    expect(picked).toMatchObject({ ok: true, status: 'picker' });
    expect((picked as { url: string }).url).toContain('/tunnel?id=pPicker-1&');
  });

  it.each([
    ['a photo-only picker', 'FPhotos', COBALT_MESSAGES.photosOnly, 'content'],
    ['local-processing', 'LLocal', COBALT_MESSAGES.localProcessing, 'content'],
    ['a body that is not JSON', 'gGarbage', COBALT_MESSAGES.unknownResponse, 'service'],
  ])('explains %s in Spanish, with no link', async (_, code, message, kind) => {
    const { cobalt } = await client();
    expect(await cobalt.downloadLink(reel(code))).toMatchObject({ ok: false, message, kind });
  });

  it.each([
    ['error.api.content.video.private', 'El video es privado y no se puede descargar.', 'content'],
    [
      'error.api.content.too_long',
      'El video es demasiado largo: el servicio de descargas admite hasta 180 minutos.',
      'content',
    ],
    [
      'error.api.rate_exceeded',
      'Demasiadas descargas seguidas: el servicio de descargas pide esperar 60 segundos.',
      'busy',
    ],
    ['error.api.fetch.empty', 'No se encontró ningún video que descargar en este enlace.', 'content'],
    [
      'error.api.youtube.login',
      'YouTube pidió al servicio de descargas que demuestre que no es un robot: hay que darle cookies de YouTube.',
      'service',
    ],
    [
      'error.api.fetch.rate',
      'Instagram está limitando las peticiones del servicio de descargas. Inténtalo de nuevo en unos minutos.',
      'service',
    ],
    [
      'error.api.content.post.private',
      'La publicación es de una cuenta privada y no se puede descargar.',
      'content',
    ],
  ])('maps %s to its Spanish message', async (code, message, kind) => {
    const { cobalt } = await client();
    const result = await cobalt.downloadLink(reel(`Z${code.replace('error.api.', '').replaceAll('.', '-')}`));
    expect(result).toMatchObject({ ok: false, code, message, kind });
    if (code === 'error.api.rate_exceeded') expect(result).toMatchObject({ retryAfter: 60 });
  });

  it('has a message of its own for every documented error code', async () => {
    const { cobalt } = await client();
    const messages = new Set<string>();
    for (const code of COBALT_ERROR_CODES) {
      const result = await cobalt.downloadLink(
        reel(`Z${code.replace('error.api.', '').replaceAll('.', '-')}`),
      );
      expect(result).toMatchObject({ ok: false, code });
      const { message } = result as { message: string };
      expect(message).not.toContain('código');
      messages.add(message);
    }
    // Shared messages are deliberate (the auth variants, YouTube changes), but most codes say something apart.
    expect(messages.size).toBeGreaterThan(30);
    const unknown = await cobalt.downloadLink(reel('Zsomething-new'));
    expect(unknown).toMatchObject({
      ok: false,
      kind: 'service',
      message: 'El servicio de descargas no pudo obtener el video (código error.api.something.new).',
    });
  });

  it('explains a missing or refused key, an absent instance and one that does not answer', async () => {
    const missing = await client({ sentKey: undefined });
    expect(await missing.cobalt.downloadLink(reel('KAbcde'))).toMatchObject({
      ok: false,
      code: 'error.api.auth.key.missing',
      kind: 'service',
    });
    const wrong = await client({ sentKey: 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee' });
    expect(await wrong.cobalt.downloadLink(reel('KAbcde'))).toMatchObject({
      ok: false,
      code: 'error.api.auth.key.not_found',
    });
    const absent = createCobaltClient({ url: undefined, apiKey: undefined, timeoutMs: 1000 });
    expect(await absent.downloadLink(reel('KAbcde'))).toMatchObject({
      ok: false,
      message: COBALT_MESSAGES.notConfigured,
    });
    const slow = await client({ timeoutMs: 200 });
    expect(await slow.cobalt.downloadLink(reel('TSlow1'))).toMatchObject({
      ok: false,
      message: COBALT_MESSAGES.timeout,
    });
    const closed = await client();
    await closed.fake.close();
    expect(await closed.cobalt.downloadLink(reel('KAbcde'))).toMatchObject({
      ok: false,
      message: COBALT_MESSAGES.unreachable,
    });
  });
});
