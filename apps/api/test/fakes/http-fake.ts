import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request a fake received, so tests can prove where the app's outgoing calls went. */
export interface ReceivedRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface HttpFake {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

export type FakeHandler = (request: ReceivedRequest, response: ServerResponse, baseUrl: string) => unknown;

export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
};

/** Answers nothing: the app's timeout must end the call. The socket is destroyed when the fake closes. */
export const hang = (): void => undefined;

/**
 * A real HTTP server on a free loopback port. Every request is recorded (also served at GET /__requests, for
 * end-to-end specs running in another process) before the handler answers it.
 */
export async function startHttpFake(handler: FakeHandler): Promise<HttpFake> {
  const requests: ReceivedRequest[] = [];
  let baseUrl = '';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/__requests') return sendJson(res, 200, requests);
      const received: ReceivedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(received);
      Promise.resolve(handler(received, res, baseUrl)).catch((error: unknown) => {
        sendJson(res, 500, { error: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
