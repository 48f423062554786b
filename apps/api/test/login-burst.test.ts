/**
 * Simultaneous logins: 50 requests for one account reach a listening server at the same moment.
 * Each request's headers go out first; a barrier waits until all 50 connections are open, then every body is
 * sent at once, so all 50 are in the server before the first password check ends.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CSRF_HEADER, CSRF_HEADER_VALUE, MESSAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { addUser, createTestApp } from './helper';

const BURST = 50;

function startLogin(port: number, body: string) {
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/auth/login',
    agent: false,
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
    },
  });
  const connected = new Promise<void>((resolve) => req.on('socket', (s) => s.once('connect', resolve)));
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
  });
  req.flushHeaders();
  return { connected, answer, release: () => req.end(body) };
}

describe('simultaneous logins', () => {
  it('spend a point each before any password is checked: 50 at once get at most 5 answers before the 429', async () => {
    const { app, db } = await createTestApp();
    const member = await addUser(db, { email: 'ana@example.com', password: 'right-password' });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;

    const logins = Array.from({ length: BURST }, (_, i) =>
      startLogin(
        port,
        JSON.stringify({ email: member.email, password: i === BURST - 1 ? member.password : `wrong-${i}` }),
      ),
    );
    await Promise.all(logins.map((l) => l.connected)); // the barrier
    for (const login of logins) login.release();
    const answers = await Promise.all(logins.map((l) => l.answer));

    const checked = answers.filter((a) => a.status !== 429);
    const refused = answers.filter((a) => a.status === 429);
    expect(checked.length, JSON.stringify(answers.map((a) => a.status))).toBeLessThanOrEqual(5);
    expect(checked.every((a) => a.status === 401 || a.status === 200)).toBe(true);
    expect(refused.length).toBeGreaterThanOrEqual(BURST - 5);
    for (const a of refused) expect(JSON.parse(a.body)).toEqual({ error: MESSAGES.tooManyAttempts });
  }, 60_000);
});
