import { VIDEO_MESSAGES, type VideoProvider } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addUser, ADMIN, createTestApp, postJson, signIn } from '../../../test/helper';
import { FAKE_COBALT_KEY, FAKE_COBALT_LIMITS, startFakeCobalt } from '../../../test/fakes/cobalt';
import { sendJson, startHttpFake, type HttpFake } from '../../../test/fakes/http-fake';
import { FAKE_INSTAGRAM_KEY, startFakeInstagram } from '../../../test/fakes/instagram';
import { FAKE_YOUTUBE_KEY, startFakeYouTube } from '../../../test/fakes/youtube';
import type { Config } from '../../config';
import type { AppDatabase, Db } from '../../db/client';
import { COBALT_ERROR_CODES, COBALT_MESSAGES, cobaltErrorMessage } from '../../integrations/cobalt-messages';
import { linkExpiry, stillValid } from './download';
import { createVideoRepo } from './repo';

vi.setConfig({ testTimeout: 60_000 });

const started: HttpFake[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((f) => f.close()));
});
async function fake(start: () => Promise<HttpFake>): Promise<HttpFake> {
  const instance = await start();
  started.push(instance);
  return instance;
}

/** One clock for the app and the fake cobalt, moved by the test. */
function fakeTime() {
  let ms = Date.now();
  return { now: () => ms, advance: (by: number) => (ms += by) };
}

interface Setup {
  app: FastifyInstance;
  db: Db;
  database: AppDatabase;
  cobalt: HttpFake;
  instagram: HttpFake;
  vip: string;
  vipId: number;
  other: string;
  admin: string;
  time: ReturnType<typeof fakeTime>;
}

async function setup(
  overrides: (fakes: { cobalt: HttpFake; instagram: HttpFake }) => Partial<Config> = () => ({}),
): Promise<Setup> {
  const time = fakeTime();
  const youtube = await fake(startFakeYouTube);
  const cobalt = await fake(() => startFakeCobalt({ apiKey: FAKE_COBALT_KEY, now: time.now }));
  const instagram = await fake(startFakeInstagram);
  const { app, db, database } = await createTestApp(
    {
      outgoingTimeoutMs: 10_000,
      youtube: {
        apiKey: FAKE_YOUTUBE_KEY,
        dataApiUrl: `${youtube.baseUrl}/youtube/v3`,
        oembedUrl: `${youtube.baseUrl}/oembed`,
      },
      cobalt: { url: cobalt.baseUrl, apiKey: FAKE_COBALT_KEY },
      instagram: { url: instagram.baseUrl, apiKey: FAKE_INSTAGRAM_KEY },
      ...overrides({ cobalt, instagram }),
    },
    { clock: { now: () => new Date(time.now()) } },
  );
  const member = await addUser(db, { email: 'vip@example.com', role: 'vip' });
  const other = await addUser(db, { email: 'otro@example.com', role: 'vip' });
  return {
    app,
    db,
    database,
    cobalt,
    instagram,
    time,
    vip: await signIn(app, member.email, member.password),
    vipId: member.id,
    other: await signIn(app, other.email, other.password),
    admin: await signIn(app, ADMIN.email, ADMIN.password),
  };
}

const save = async (s: Setup, provider: VideoProvider, url: string) => {
  const res = await postJson(s.app, `/api/video-tools/${provider}/videos`, { url }, { cookie: s.vip });
  expect(res.statusCode).toBe(200);
  return res.json() as { record_id: number; url_video: string | null };
};
const download = (s: Setup, provider: VideoProvider, recordId: number, cookie = s.vip, accept?: string) =>
  s.app.inject({
    method: 'GET',
    url: `/api/video-tools/${provider}/videos/${recordId}/download`,
    headers: { cookie, ...(accept ? { accept } : {}) },
  });
/** A record as if saved earlier, straight into the table. */
const insert = async (s: Setup, provider: VideoProvider, videoId: string, urlVideo: string | null = null) =>
  (await createVideoRepo(s.database).insert({
    provider,
    video_id: videoId,
    user_id: s.vipId,
    titulo: 'Guardado antes',
    descripcion: '',
    url_video: urlVideo,
    sort_date: '2024-01-01',
  })) as { record_id: number };
const cobaltPosts = (s: Setup) =>
  s.cobalt.requests.filter((r) => r.method === 'POST').map((r) => JSON.parse(r.body) as unknown);

describe('reading when a stored link expires', () => {
  it("reads cobalt's exp, googlevideo's expire and the Instagram CDN's oe; trusts no link without one", () => {
    expect(linkExpiry('http://c/tunnel?id=a&exp=1700000000000&sig=x')).toEqual(new Date(1700000000000));
    expect(linkExpiry('https://r1.googlevideo.com/videoplayback?expire=1700000000')).toEqual(
      new Date(1700000000000),
    );
    expect(linkExpiry('https://scontent.cdninstagram.com/v/x.mp4?oe=6553F100')).toEqual(
      new Date(0x6553f100 * 1000),
    );
    expect(linkExpiry('https://cdn.example/video.mp4')).toBeNull();
    const now = new Date(1700000000000);
    expect(stillValid('http://c/t?exp=1700000060000', now)).toBe(true);
    // Expiring within the margin is as good as expired: the browser would arrive too late.
    expect(stillValid('http://c/t?exp=1700000010000', now)).toBe(false);
    expect(stillValid('https://cdn.example/video.mp4', now)).toBe(false);
  });
});

describe('downloading a saved video', () => {
  it('answers a working 302 for a record whose stored tunnel link has expired', async () => {
    const s = await setup();
    const record = await save(s, 'youtube', 'https://youtu.be/aBcDe123456');
    const stored = record.url_video!;
    expect((await fetch(stored)).status).toBe(200);
    s.time.advance(5 * 60_000);
    expect((await fetch(stored)).status).toBe(404);

    for (const cookie of [s.vip, s.admin]) {
      const res = await download(s, 'youtube', record.record_id, cookie);
      expect(res.statusCode).toBe(302);
      const location = res.headers.location!;
      expect(location).not.toBe(stored);
      expect(location.startsWith(`${s.cobalt.baseUrl}/tunnel?id=aBcDe123456&exp=`)).toBe(true);
      expect((await fetch(location)).status).toBe(200);
    }
    expect(cobaltPosts(s)).toEqual(
      Array(3).fill({ url: 'https://www.youtube.com/watch?v=aBcDe123456' }) as unknown[],
    );
  });

  it('sends the stored link while it is still valid, without asking cobalt', async () => {
    const s = await setup();
    const record = await save(s, 'youtube', 'https://youtu.be/aFres123456');
    s.time.advance(30_000);
    const res = await download(s, 'youtube', record.record_id);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(record.url_video);
    expect(cobaltPosts(s)).toHaveLength(1);
  });

  it('asks again for an Instagram link that does not say when it expires; without cobalt, the scraper', async () => {
    const s = await setup();
    const record = await save(s, 'instagram', 'https://www.instagram.com/reel/KReel12345/');
    expect(record.url_video).toBe(`${s.instagram.baseUrl}/cdn/KReel12345.mp4`);
    const res = await download(s, 'instagram', record.record_id);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain(`${s.cobalt.baseUrl}/tunnel?id=KReel12345&exp=`);
    expect(cobaltPosts(s)).toEqual([{ url: 'https://www.instagram.com/p/KReel12345/' }]);

    const noCobalt = await setup(() => ({ cobalt: { url: undefined, apiKey: undefined } }));
    const saved = await insert(noCobalt, 'instagram', 'KScrap1234');
    const viaScraper = await download(noCobalt, 'instagram', saved.record_id);
    expect(viaScraper.statusCode).toBe(302);
    expect(viaScraper.headers.location).toBe(`${noCobalt.instagram.baseUrl}/cdn/KScrap1234.mp4`);
  });

  it('says why when no link can be had: cobalt absent, a generated id', async () => {
    const s = await setup(() => ({
      cobalt: { url: undefined, apiKey: undefined },
      instagram: { url: undefined, apiKey: undefined },
    }));
    const yt = await insert(s, 'youtube', 'aNoCo123456');
    const res = await download(s, 'youtube', yt.record_id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: COBALT_MESSAGES.notConfigured });
    const ig = await insert(s, 'instagram', 'KNoCo12345', `https://cdn.example/KNoCo12345.mp4`);
    expect((await download(s, 'instagram', ig.record_id)).json()).toEqual({
      error: COBALT_MESSAGES.notConfigured,
    });
    const generated = await insert(s, 'youtube', 'yt_1700000000000_abcd1234');
    const none = await download(s, 'youtube', generated.record_id);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ error: VIDEO_MESSAGES.downloadNoRealId });
  });

  it.each([
    ['a picker: its first video', 'pPick12345', 302, null],
    ['a redirect', 'rRedi12345', 302, null],
    ['a photo-only picker', 'FPhot12345', 422, COBALT_MESSAGES.photosOnly],
    ['local-processing', 'LLoca12345', 422, COBALT_MESSAGES.localProcessing],
    ['an answer that is not JSON', 'gGarb12345', 502, COBALT_MESSAGES.unknownResponse],
  ])('handles cobalt answering %s', async (_, code, status, message) => {
    const s = await setup(() => ({ instagram: { url: undefined, apiKey: undefined } }));
    const record = await insert(s, 'instagram', code);
    const res = await download(s, 'instagram', record.record_id);
    expect(res.statusCode).toBe(status);
    if (message) expect(res.json()).toEqual({ error: message });
    else expect((await fetch(res.headers.location!)).status).toBe(200);
  });

  it('answers every cobalt error code with its Spanish message and a fitting status', async () => {
    const s = await setup(() => ({ instagram: { url: undefined, apiKey: undefined } }));
    for (const code of COBALT_ERROR_CODES) {
      const short = code.replace('error.api.', '');
      const record = await insert(s, 'instagram', `Z${short.replaceAll('.', '-')}`);
      const res = await download(s, 'instagram', record.record_id);
      const limit = FAKE_COBALT_LIMITS[short as keyof typeof FAKE_COBALT_LIMITS];
      const expected = cobaltErrorMessage(code, { service: 'instagram', limit });
      expect(res.json(), code).toEqual({ error: expected.message });
      expect(res.statusCode, code).toBe({ content: 422, busy: 503, service: 502 }[expected.kind]);
      if (short === 'rate_exceeded') expect(res.headers['retry-after']).toBe('60');
    }
    expect(COBALT_ERROR_CODES.length).toBeGreaterThan(50);
  });

  it('answers a browser with a short Spanish page, the message escaped', async () => {
    const s = await setup(() => ({ instagram: { url: undefined, apiKey: undefined } }));
    const record = await insert(s, 'instagram', 'Zcontent-video-private');
    const res = await download(s, 'instagram', record.record_id, s.vip, 'text/html,application/xhtml+xml');
    expect(res.statusCode).toBe(422);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h1>No se pudo descargar el video</h1>');
    expect(res.body).toContain('El video es privado y no se puede descargar.');
    expect(res.body).toContain('href="/igvideo"');
    const odd = await insert(s, 'instagram', 'Z<script>-x');
    const page = await download(s, 'instagram', odd.record_id, s.vip, 'text/html');
    expect(page.body).not.toContain('<script>');
  });
});

describe('the link a download is sent to', () => {
  /** A cobalt that answers every request with a tunnel to `link`. */
  async function cobaltAnswering(link: () => string) {
    const cobalt = await fake(() =>
      startHttpFake((_, res) => sendJson(res, 200, { status: 'tunnel', url: link(), filename: 'x.mp4' })),
    );
    const s = await setup(() => ({
      cobalt: { url: cobalt.baseUrl, apiKey: undefined },
      instagram: { url: undefined, apiKey: undefined },
    }));
    return { s, cobalt };
  }

  it('is only an http(s) link of valid characters to a public host, else a Spanish 502', async () => {
    let link = '';
    const { s } = await cobaltAnswering(() => link);
    const record = await insert(s, 'youtube', 'aLink123456');
    const refused = [
      'https://cdn.example/v\u20ac.mp4',
      'https://cdn.example/v.mp4\r\nSet-Cookie: a=b',
      'https://cdn.example/v.mp4\nx',
      'https://cdn.example/v .mp4',
      'https://user:secret@cdn.example/v.mp4',
      'http://10.0.0.5/v.mp4',
      'http://172.16.3.4/v.mp4',
      'http://192.168.1.20:9000/tunnel?id=x',
      'http://127.0.0.1:8080/v.mp4',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1/v.mp4',
      'http://0.0.0.0/v.mp4',
      'http://localhost:9000/v.mp4',
      'http://cobalt.localhost/v.mp4',
      'http://cobalt/tunnel?id=x',
      'http://nas.local/v.mp4',
      'http://[::1]/v.mp4',
      'http://[fd00::1]/v.mp4',
      'http://[fe80::1]/v.mp4',
      'http://[::ffff:10.0.0.1]/v.mp4',
      'http://0x7f000001/v.mp4',
      'http://2130706433/v.mp4',
    ];
    for (const bad of refused) {
      link = bad;
      for (const accept of [undefined, 'text/html']) {
        const res = await download(s, 'youtube', record.record_id, s.vip, accept);
        expect(res.statusCode, bad).toBe(502);
        expect(res.headers.location, bad).toBeUndefined();
        expect(res.headers['x-content-type-options'], bad).toBe('nosniff');
        if (accept) expect(res.body, bad).toContain(COBALT_MESSAGES.unsafeLink);
        else expect(res.json(), bad).toEqual({ error: COBALT_MESSAGES.unsafeLink });
      }
    }
    for (const good of [
      'https://cdn.example/v.mp4?exp=1&sig=a%20b',
      'http://rr1---sn-h5q7dnee.googlevideo.com/videoplayback?expire=1',
      'https://8.8.8.8/v.mp4',
    ]) {
      link = good;
      const res = await download(s, 'youtube', record.record_id);
      expect(res.statusCode, good).toBe(302);
      expect(res.headers.location, good).toBe(good);
    }
  });

  it("may point at the configured service's own address, even a private one (a self-hosted cobalt's tunnels)", async () => {
    let link = '';
    const { s, cobalt } = await cobaltAnswering(() => link);
    const record = await insert(s, 'youtube', 'aSelf123456');
    link = `${cobalt.baseUrl}/tunnel?id=aSelf123456&exp=1`;
    const own = await download(s, 'youtube', record.record_id);
    expect(own.statusCode).toBe(302);
    expect(own.headers.location).toBe(link);
    // The same host on another port is another service.
    link = `http://127.0.0.1:1/tunnel?id=aSelf123456`;
    expect((await download(s, 'youtube', record.record_id)).statusCode).toBe(502);
  });

  it('is never a stored link that fails those rules, even one that says it is still valid', async () => {
    const s = await setup(() => ({ instagram: { url: undefined, apiKey: undefined } }));
    const exp = s.time.now() + 3_600_000;
    const record = await insert(s, 'youtube', 'aStor123456', `http://10.1.2.3/v.mp4?exp=${exp}`);
    const res = await download(s, 'youtube', record.record_id);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toContain(`${s.cobalt.baseUrl}/tunnel?id=aStor123456&`);
  });
});

describe('who may download', () => {
  it('lets the owner and admins download, not another member, a member without the tool, or nobody', async () => {
    const s = await setup();
    const record = await save(s, 'youtube', 'https://youtu.be/aOwne123456');
    expect((await download(s, 'youtube', record.record_id, s.vip)).statusCode).toBe(302);
    expect((await download(s, 'youtube', record.record_id, s.admin)).statusCode).toBe(302);
    const stranger = await download(s, 'youtube', record.record_id, s.other);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toEqual({ error: VIDEO_MESSAGES.recordNotFound });
    const basic = await addUser(s.db, { email: 'basica@example.com', role: 'cafeinas' });
    const basicCookie = await signIn(s.app, basic.email, basic.password);
    expect((await download(s, 'youtube', record.record_id, basicCookie)).statusCode).toBe(403);
    expect((await download(s, 'youtube', record.record_id, '')).statusCode).toBe(401);
    // The record belongs to YouTube: the Instagram route does not know it.
    expect((await download(s, 'instagram', record.record_id, s.admin)).statusCode).toBe(404);
    expect((await download(s, 'youtube', 999_999, s.admin)).statusCode).toBe(404);
  });

  it('never fetches a URL taken from the request', async () => {
    const s = await setup(() => ({ instagram: { url: undefined, apiKey: undefined } }));
    const trap = await fake(() => startHttpFake((_, res) => res.end('trap')));
    const record = await insert(s, 'youtube', 'aTrap123456', `${trap.baseUrl}/video.mp4`);
    const path = `/api/video-tools/youtube/videos/${record.record_id}/download`;
    const headers = {
      cookie: s.vip,
      referer: `${trap.baseUrl}/page`,
      'x-forwarded-host': trap.baseUrl.slice(7),
    };
    // A link in the query is refused outright (strict queries): nothing is asked of anyone.
    const withQuery = await s.app.inject({
      method: 'GET',
      url: `${path}?url=${encodeURIComponent(`${trap.baseUrl}/x`)}&recordId=1`,
      headers,
    });
    expect(withQuery.statusCode).toBe(400);
    expect(cobaltPosts(s)).toEqual([]);
    const res = await s.app.inject({ method: 'GET', url: path, headers });
    expect(res.statusCode).toBe(302);
    // The stored link says nothing of its expiry, so it is not sent either: cobalt is asked with the id.
    expect(res.headers.location).toContain(`${s.cobalt.baseUrl}/tunnel?id=aTrap123456&`);
    expect(cobaltPosts(s)).toEqual([{ url: 'https://www.youtube.com/watch?v=aTrap123456' }]);
    // A stored id that is not an id is never turned into a link.
    const odd = await insert(s, 'instagram', `${trap.baseUrl}/reel/x`);
    expect((await download(s, 'instagram', odd.record_id)).statusCode).toBe(422);
    expect(trap.requests).toHaveLength(0);
    expect(cobaltPosts(s)).toHaveLength(1);
  });
});

describe('service notice for administrators', () => {
  const status = (s: Setup, provider: VideoProvider, cookie = s.admin) =>
    s.app.inject({ method: 'GET', url: `/api/video-tools/${provider}/status`, headers: { cookie } });

  it('names the services that are not configured, and only to administrators', async () => {
    const s = await setup(() => ({
      cobalt: { url: undefined, apiKey: undefined },
      youtube: { apiKey: undefined, dataApiUrl: 'http://127.0.0.1:9', oembedUrl: 'http://127.0.0.1:9' },
    }));
    expect((await status(s, 'youtube')).json()).toEqual([
      { service: 'cobalt', state: 'not-configured', reason: null, at: null },
      { service: 'youtube', state: 'not-configured', reason: null, at: null },
    ]);
    expect((await status(s, 'instagram')).json()).toEqual([
      { service: 'cobalt', state: 'not-configured', reason: null, at: null },
    ]);
    expect((await status(s, 'youtube', s.vip)).statusCode).toBe(403);
  });

  it('reports a recent failure with its reason and no secret, until a success or half an hour later', async () => {
    const s = await setup(({ cobalt }) => ({ cobalt: { url: cobalt.baseUrl, apiKey: 'wrong-key-9f8e7d' } }));
    expect((await status(s, 'youtube')).json()).toEqual([]);
    const record = await insert(s, 'youtube', 'aFail123456');
    expect((await download(s, 'youtube', record.record_id)).statusCode).toBe(502);
    const [notice] = (await status(s, 'youtube')).json() as { reason: string; state: string }[];
    expect(notice).toMatchObject({ service: 'cobalt', state: 'failing' });
    expect(notice!.reason).toContain('rechazó la clave de la aplicación');
    expect(JSON.stringify(notice)).not.toContain('wrong-key');
    expect(JSON.stringify(notice)).not.toContain('127.0.0.1');
    s.time.advance(31 * 60_000);
    expect((await status(s, 'youtube')).json()).toEqual([]);

    const scraperDown = await setup(() => ({
      instagram: { url: 'http://127.0.0.1:9', apiKey: FAKE_INSTAGRAM_KEY },
    }));
    const res = await postJson(
      scraperDown.app,
      '/api/video-tools/instagram/videos',
      { url: 'https://www.instagram.com/reel/KDown12345/' },
      { cookie: scraperDown.vip },
    );
    expect(res.statusCode).toBe(502);
    expect((await status(scraperDown, 'instagram')).json()).toMatchObject([
      { service: 'instagram', state: 'failing', reason: 'no se pudo conectar con el servicio' },
    ]);
  });
});
