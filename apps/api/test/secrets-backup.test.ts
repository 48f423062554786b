/**
 * A backup holds no usable secret without the key file: `db backup` copies the database, never the key kept
 * beside it; the copy starts and reads its secrets again only with that key (and, after `secrets rotate`, the
 * backups made before need the old one).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { ADMIN, csrf, signIn } from './helper';
import { runCli } from './support/server-process';

const GEMINI_KEY = 'AIzaClaveQueNoDebeVerse-1234';
const SERVER_KEY = 'sk-clave-del-servidor-que-no-debe-verse-5678';

const configFor = (file: string, keyFile: string) =>
  testConfig({ admin: ADMIN, databasePath: file, secrets: { key: undefined, keyFile } });

/** Starts the app on `file` with `keyFile`, reads the text tools' key status, and closes it. */
async function keyStatus(file: string, keyFile: string) {
  const app = await buildApp(configFor(file, keyFile));
  try {
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const read = await app.inject({
      method: 'GET',
      url: '/api/ai/connections',
      headers: { ...csrf, cookie },
    });
    const { connections } = read.json<{ connections: { provider: string; api_key: unknown }[] }>();
    return Object.fromEntries(connections.map(({ provider, api_key }) => [`${provider}_api_key`, api_key]));
  } finally {
    await app.close();
  }
}

describe('secrets in a backup', () => {
  it('are not in the copy in clear, and come back only with the key file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secretos-'));
    const file = path.join(dir, 'app.db');
    const keyFile = path.join(dir, 'secrets.key');
    const env = { DATABASE_PATH: file, LOG_LEVEL: 'silent' };

    // First start: the key file is created beside the database, and the keys are saved through the API.
    const app = await buildApp(configFor(file, keyFile));
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    const connection = { headers: [], query: [], default_model: 'modelo' };
    for (const payload of [
      { ...connection, name: 'Gemini', provider: 'gemini', base_url: '', api_key: GEMINI_KEY },
      {
        ...connection,
        name: 'Local',
        provider: 'openai',
        base_url: 'http://127.0.0.1:9/v1',
        api_key: SERVER_KEY,
      },
    ]) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/ai/connections',
        headers: { ...csrf, cookie },
        payload,
      });
      expect(saved.statusCode).toBe(200);
    }
    await app.close();
    expect(existsSync(keyFile)).toBe(true);

    const copy = path.join(dir, 'copia.db');
    const backup = await runCli('db', ['backup', copy], env);
    expect(backup.code).toBe(0);
    const bytes = readFileSync(copy);
    expect(bytes.includes(Buffer.from(GEMINI_KEY))).toBe(false);
    expect(bytes.includes(Buffer.from(SERVER_KEY))).toBe(false);
    expect(bytes.includes(Buffer.from(readFileSync(keyFile, 'utf8').trim()))).toBe(false);

    // The copy alone does not start: its secrets need the key it was sealed with.
    await expect(buildApp(configFor(copy, path.join(dir, 'otra', 'secrets.key')))).rejects.toThrow(
      /^Falta la clave de cifrado/,
    );
    expect(await keyStatus(copy, keyFile)).toMatchObject({
      gemini_api_key: { set: true, last4: '1234' },
      openai_api_key: { set: true, last4: '5678' },
    });

    // A rotation seals everything with a new key; the old key stays for the copies made before.
    const rotated = await runCli('secrets', ['rotate'], env);
    expect(rotated.stderr).toBe('');
    expect(rotated.code).toBe(0);
    const old = readdirSync(dir).find((name) => name.startsWith('secrets.key.') && name.endsWith('.old'));
    expect(old).toBeDefined();
    expect(await keyStatus(file, keyFile)).toMatchObject({ gemini_api_key: { set: true, last4: '1234' } });
    await expect(buildApp(configFor(copy, keyFile))).rejects.toThrow(/no abre los secretos/);
    renameSync(path.join(dir, old ?? ''), path.join(dir, 'clave-anterior.key'));
    expect(await keyStatus(copy, path.join(dir, 'clave-anterior.key'))).toMatchObject({
      openai_api_key: { set: true, last4: '5678' },
    });
  });
});
