import { FIRST_STEPS, type AdminOverview, type FirstStep } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { connectTool, createAiTestApp, send } from '../../../test/ai-helpers';
import {
  FAKE_PRICES,
  FAKE_STRIPE_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  startFakeStripe,
} from '../../../test/fakes/stripe';
import { startFakeSmtp } from '../../../test/fakes/smtp';
import { DRIVE } from '../../../test/support/library';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const REDGRAM_PROMPTS = { prompt_escribir: 'Escribe sobre {tema}', prompt_reescribir: 'Reescribe: {texto}' };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function setUp() {
  const stripe = await startFakeStripe();
  closers.push(() => stripe.close());
  const smtp = await startFakeSmtp();
  closers.push(() => smtp.close());
  const t = await createAiTestApp(
    {
      stripe: {
        secretKey: FAKE_STRIPE_KEY,
        webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET,
        apiUrl: stripe.baseUrl,
      },
    },
    smtp,
  );
  const as = (cookie: string) => (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    send(t.app, method, url, cookie, body);
  const admin = as(t.admin);
  const overview = async () => {
    const res = await admin('GET', '/api/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminOverview;
  };
  const done = async () =>
    Object.fromEntries((await overview()).steps.map(({ step, done }) => [step, done])) as Record<
      FirstStep,
      boolean
    >;
  return { ...t, aiTest: t, admin, vipAs: as(t.vip), cafeAs: as(t.cafeinas), overview, done };
}

async function addClass(admin: Awaited<ReturnType<typeof setUp>>['admin'], library: string) {
  const category = await admin('POST', `/api/${library}/categorias`, { nombre: 'Primeros', descripcion: '' });
  expect(category.statusCode, category.body).toBe(200);
  const video = await admin('POST', `/api/${library}/videos`, {
    titulo: 'Bienvenida',
    descripcion: '',
    categoria_id: category.json().id,
    url: DRIVE,
    material: '',
  });
  expect(video.statusCode, video.body).toBe(200);
}

describe('the administrator first screen', () => {
  it('shows the community at a glance from the kept counts', async () => {
    const t = await setUp();
    const { glance } = await t.overview();
    // The admin, vip and cafeinas accounts; nobody waits for activation.
    expect(glance).toMatchObject({ members: 3, pending: 0 });
    await t.admin('POST', '/api/accounts/register', {
      username: 'nueva',
      email: 'nueva@example.com',
      phone: '+34 600 000 000',
      password: 'secreto-nuevo',
    });
    expect((await t.overview()).glance).toMatchObject({ members: 3, pending: 1 });
  });

  it('ticks each first step as it is done, from the real state', async () => {
    const t = await setUp();
    // SMTP_URL is set and Stripe connected; nothing else is done yet.
    expect(await t.done()).toEqual({
      mail: true,
      billing: false,
      ai: false,
      membresia: false,
      'cafelito-virtual': false,
      community: false,
    });
    expect((await t.overview()).steps.map(({ step }) => step)).toEqual(FIRST_STEPS);

    await t.admin('PUT', `/api/admin/billing/plans/2`, {
      position: 0,
      price_ids: [FAKE_PRICES.vipMonthly.id],
      end_action: 'deactivate',
      end_role_id: null,
      trial_days: null,
      allow_promotion_codes: false,
      automatic_tax: false,
    });
    expect((await t.done()).billing).toBe(true);

    await connectTool(t.aiTest, 'texto', 'gemini');
    // Both AI tools must be able to generate.
    expect((await t.overview()).ai).toEqual({ texto: true, redgram: false });
    expect((await t.done()).ai).toBe(false);
    await connectTool(t.aiTest, 'redgram', 'gemini', REDGRAM_PROMPTS);
    expect((await t.done()).ai).toBe(true);

    await addClass(t.admin, 'membresia');
    expect(await t.done()).toMatchObject({ membresia: true, 'cafelito-virtual': false });
    await addClass(t.admin, 'cafelito-virtual');
    expect((await t.done())['cafelito-virtual']).toBe(true);

    await t.admin('PUT', '/api/admin/community/name', { name: 'Cafelito' });
    expect((await t.done()).community).toBe(false);
    await t.admin('PUT', '/api/admin/community/logo', { type: 'image/png', data: PNG.toString('base64') });
    expect(Object.values(await t.done())).toEqual(FIRST_STEPS.map(() => true));
  });

  it('leaves mail and billing unticked when SMTP_URL and Stripe are not configured', async () => {
    const t = await createAiTestApp();
    const res = await send(t.app, 'GET', '/api/admin/overview', t.admin);
    const steps = (res.json() as AdminOverview).steps;
    expect(steps.filter(({ done }) => done)).toEqual([]);
  });

  it('is for administrators only', async () => {
    const t = await setUp();
    expect((await t.vipAs('GET', '/api/admin/overview')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/overview' })).statusCode).toBe(401);
  });
});

describe("an AI tool's readiness, as a member reads it", () => {
  it('says configured or not, without keys, to members who hold the tool only', async () => {
    const t = await setUp();
    expect((await t.vipAs('GET', '/api/texto/estado')).json()).toEqual({ configured: false });
    expect((await t.vipAs('GET', '/api/redgram/estado')).json()).toEqual({ configured: false });
    await connectTool(t.aiTest, 'redgram', 'gemini', REDGRAM_PROMPTS);
    const ready = await t.vipAs('GET', '/api/redgram/estado');
    expect(ready.json()).toEqual({ configured: true });
    expect(ready.body).not.toContain('1234');
    expect((await t.cafeAs('GET', '/api/texto/estado')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/redgram/estado' })).statusCode).toBe(401);
  });

  it('counts an OpenAI-compatible connection with its address and model as configured, with no key', async () => {
    const t = await setUp();
    await connectTool(t.aiTest, 'texto', 'openai');
    expect((await t.vipAs('GET', '/api/texto/estado')).json()).toEqual({ configured: true });
  });
});
