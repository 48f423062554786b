// @vitest-environment node
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { login, logout, me, MESSAGES } from '@app/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from './api';
import { ApiError } from './api-error';

interface Reply {
  status: number;
  body: string;
  contentType?: string;
}

interface Received {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

const user = {
  id: 1,
  username: 'ana',
  email: 'ana@example.com',
  phone: null,
  role: 'vip',
  role_id: 2,
  permissions: ['texto'],
};

let server: Server;
let baseUrl: string;
let reply: Reply;
let received: Received[];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ method: req.method, url: req.url, headers: req.headers, body });
      res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received = [];
  reply = { status: 200, body: JSON.stringify(user) };
});

const failure = async (promise: Promise<unknown>): Promise<ApiError> => {
  const error: unknown = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
};

describe('api client', () => {
  it('posts the JSON body with the CSRF header and parses the answer with the contract', async () => {
    const api = createApiClient({ baseUrl });
    const result = await api(login, { body: { email: 'ana@example.com', password: 'secreto' } });

    expect(result).toEqual(user);
    const [request] = received;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/api/auth/login');
    expect(request?.headers['x-requested-with']).toBe('fetch');
    expect(request?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ email: 'ana@example.com', password: 'secreto' });
  });

  it('sends no CSRF header on GET', async () => {
    const api = createApiClient({ baseUrl });
    await api(me);
    expect(received[0]?.method).toBe('GET');
    expect(received[0]?.headers['x-requested-with']).toBeUndefined();
  });

  it.each([
    [401, 'Correo electrónico o contraseña incorrectos'],
    [403, 'Tu cuenta aún no está activa.'],
    [429, 'Demasiados intentos fallidos.'],
  ])('maps a JSON error answer %i to an ApiError with the server message', async (status, message) => {
    reply = { status, body: JSON.stringify({ error: message }) };
    const api = createApiClient({ baseUrl });
    const error = await failure(api(login, { body: { email: 'a@b.c', password: 'x' } }));
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  it('keeps the field a 400 answer is about', async () => {
    reply = {
      status: 400,
      body: JSON.stringify({ error: 'Por favor, completa todos los campos', field: 'email' }),
    };
    const api = createApiClient({ baseUrl });
    const error = await failure(api(login, { body: { email: '', password: 'x' } }));
    expect(error).toMatchObject({
      message: 'Por favor, completa todos los campos',
      status: 400,
      field: 'email',
    });
  });

  it('reports a body that is not JSON as "Error en la respuesta del servidor"', async () => {
    reply = { status: 502, body: '<html>Bad gateway</html>', contentType: 'text/html' };
    const api = createApiClient({ baseUrl });
    const error = await failure(api(me));
    expect(error.message).toBe(MESSAGES.serverResponse);
    expect(error.status).toBe(502);
  });

  it('reports a non-JSON success body as "Error en la respuesta del servidor"', async () => {
    reply = { status: 200, body: 'ok', contentType: 'text/plain' };
    const api = createApiClient({ baseUrl });
    expect((await failure(api(me))).message).toBe(MESSAGES.serverResponse);
  });

  it('uses the caller fallback when an error answer has no message', async () => {
    reply = { status: 500, body: JSON.stringify({}) };
    const api = createApiClient({ baseUrl });
    const error = await failure(
      api(login, { body: { email: 'a@b.c', password: 'x' } }, { fallbackError: MESSAGES.loginFailed }),
    );
    expect(error.message).toBe(MESSAGES.loginFailed);
  });

  it('rejects a success body that does not match the response schema', async () => {
    reply = { status: 200, body: JSON.stringify({ ok: false }) };
    const api = createApiClient({ baseUrl });
    const error = await failure(api(logout));
    expect(error.message).toBe(MESSAGES.invalidServerResponse);
    expect(error.issues?.length).toBeGreaterThan(0);
  });

  it('calls onUnauthorized on a 401 from any endpoint but login', async () => {
    reply = { status: 401, body: JSON.stringify({ error: MESSAGES.notAuthenticated }) };
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl, onUnauthorized });

    await failure(api(login, { body: { email: 'a@b.c', password: 'x' } }));
    expect(onUnauthorized).not.toHaveBeenCalled();

    await failure(api(me));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('reads an answer already sent for the request instead of sending it again', async () => {
    const api = createApiClient({ baseUrl });
    const answer = fetch(`${baseUrl}/api/auth/me`);
    await expect(api(me, {}, { answer })).resolves.toEqual(user);
    expect(received).toHaveLength(1);
  });

  it('treats a 401 in an answer already sent like its own', async () => {
    reply = { status: 401, body: JSON.stringify({ error: MESSAGES.notAuthenticated }) };
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl, onUnauthorized });
    const error = await failure(api(me, {}, { answer: fetch(`${baseUrl}/api/auth/me`) }));
    expect(error).toMatchObject({ message: MESSAGES.notAuthenticated, status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports an unreachable server as a network error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const api = createApiClient({ baseUrl: `http://127.0.0.1:${port}` });
    const error = await failure(api(me));
    expect(error).toMatchObject({ message: MESSAGES.network, status: 0 });
  });
});

describe('sudo mode', () => {
  const asked = JSON.stringify({ error: 'Confirma que eres tú para continuar.', field: 'reauth' });

  it('asks the member to confirm, then sends the request again once', async () => {
    const onReauthRequired = vi.fn(() => {
      reply = { status: 200, body: JSON.stringify(user) };
      return Promise.resolve(true);
    });
    reply = { status: 403, body: asked };
    const client = createApiClient({ baseUrl, onReauthRequired });
    await expect(client(me)).resolves.toEqual(user);
    expect(onReauthRequired).toHaveBeenCalledTimes(1);
    expect(received).toHaveLength(2);
  });

  it('gives up with the server’s message when the member dismisses the dialog or it is asked again', async () => {
    reply = { status: 403, body: asked };
    const dismissed = createApiClient({ baseUrl, onReauthRequired: () => Promise.resolve(false) });
    expect((await failure(dismissed(me))).field).toBe('reauth');
    expect(received).toHaveLength(1);
    received = [];
    const confirmedButRefused = createApiClient({ baseUrl, onReauthRequired: () => Promise.resolve(true) });
    expect((await failure(confirmedButRefused(me))).message).toBe('Confirma que eres tú para continuar.');
    expect(received).toHaveLength(2);
  });
});
