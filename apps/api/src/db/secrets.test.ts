import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { newSecretsKey } from '../lib/secret-box';
import { ADMIN, csrf, signIn } from '../../test/helper';
import { directDb, openTestDatabase, rawRows } from '../../test/support/engine';

const GEMINI_KEY = 'AIzaGuardadaEnClaro-1234';
const SERVER_KEY = 'sk-guardada-en-claro-5678';
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const opened: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await item.close();
});

describe('secrets at rest', () => {
  it('seals the secrets a database kept in clear at start-up, and reads them back', async () => {
    const { database, target } = await openTestDatabase();
    opened.push(database);
    const config = testConfig({ admin: ADMIN, database: target });
    const first = await buildApp(config, { db: database });
    await first.close();
    // What an older release left: keys and an authenticator secret in clear, and no check value.
    const db = directDb(database);
    await rawRows(
      db,
      sql`insert into texto_config (id, prompt_ortografia, prompt_herramienta2, gemini_api_key, provider,
        openai_base_url, openai_model, openai_api_key)
        values (1, 'a', 'b', ${GEMINI_KEY}, 'gemini', 'http://127.0.0.1:9/v1', 'm', ${SERVER_KEY}) returning id`,
    );
    const [admin] = await rawRows<{ id: number }>(db, sql`select id from users where email = ${ADMIN.email}`);
    await rawRows(
      db,
      sql`insert into totp_factors (user_id, secret) values (${admin?.id}, ${TOTP_SECRET}) returning user_id`,
    );
    await rawRows(db, sql`delete from settings where key = 'secrets_check' returning key`);
    await rawRows(db, sql`delete from ai_tool_settings returning tool`);

    const app = await buildApp(config, { db: database });
    opened.push(app);
    const stored = JSON.stringify([
      await rawRows(db, sql`select * from texto_config`),
      await rawRows(db, sql`select * from ai_connections`),
      await rawRows(db, sql`select * from totp_factors`),
    ]);
    for (const secret of [GEMINI_KEY, SERVER_KEY, TOTP_SECRET]) expect(stored).not.toContain(secret);
    expect(stored).toMatch(/enc:v1:/);
    const cookie = await signIn(app, ADMIN.email, ADMIN.password);
    // The start-up carried the tool's keys over to connections, sealed there too.
    const read = await app.inject({
      method: 'GET',
      url: '/api/ai/connections',
      headers: { ...csrf, cookie },
    });
    const { connections } = read.json<{ connections: { provider: string; api_key: unknown }[] }>();
    expect(connections.map(({ provider, api_key }) => ({ provider, api_key }))).toEqual([
      { provider: 'gemini', api_key: { set: true, last4: '1234' } },
      { provider: 'openai', api_key: { set: true, last4: '5678' } },
    ]);
  });

  it('refuses to start an encrypted database with another key, or with none', async () => {
    const { database, target } = await openTestDatabase();
    opened.push(database);
    const app = await buildApp(testConfig({ admin: ADMIN, database: target }), { db: database });
    await app.close();
    const other = testConfig({ database: target, secrets: { key: newSecretsKey(), keyFile: undefined } });
    await expect(buildApp(other, { db: database })).rejects.toThrow(
      'La clave de cifrado no abre los secretos guardados en la base de datos',
    );
    const none = testConfig({
      database: target,
      secrets: { key: undefined, keyFile: '/nonexistent/comunidad/secrets.key' },
    });
    await expect(buildApp(none, { db: database })).rejects.toThrow(/^Falta la clave de cifrado/);
  });
});
