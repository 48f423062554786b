import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('runs on its embedded defaults with an empty environment', () => {
    const config = loadConfig({ env: {} });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databasePath: path.resolve('data/app.db'),
      sessionSecret: undefined,
      membershipPlansUrl: undefined,
      trustProxy: false,
    });
  });

  it('reads every documented variable and treats blank values as unset', () => {
    const config = loadConfig({
      env: {
        PORT: '8080',
        HOST: '0.0.0.0',
        DATABASE_PATH: '/var/lib/app/app.db',
        ADMIN_EMAIL: 'jefa@example.com',
        ADMIN_PASSWORD: 'muy-secreta',
        SESSION_SECRET: 'x'.repeat(40),
        APP_URL: 'https://miembros.example.com/',
        MEMBERSHIP_PLANS_URL: '',
        TRUST_PROXY: 'true',
      },
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databasePath: '/var/lib/app/app.db',
      admin: { email: 'jefa@example.com', password: 'muy-secreta' },
      appUrl: 'https://miembros.example.com',
      membershipPlansUrl: undefined,
      trustProxy: true,
    });
  });

  it('selects the database from DATABASE_URL, with DATABASE_PATH kept as an alias for a SQLite file', () => {
    expect(loadConfig({ env: {} }).database).toEqual({
      dialect: 'sqlite',
      path: path.resolve('data/app.db'),
    });
    expect(loadConfig({ env: { DATABASE_URL: 'file:./data/app.db' } }).database).toEqual({
      dialect: 'sqlite',
      path: path.resolve('data/app.db'),
    });
    expect(loadConfig({ env: { DATABASE_URL: 'file:/srv/app.db' } }).databasePath).toBe('/srv/app.db');
    expect(loadConfig({ env: { DATABASE_PATH: '/var/lib/app/app.db' } }).database).toEqual({
      dialect: 'sqlite',
      path: '/var/lib/app/app.db',
    });
    const pg = loadConfig({ env: { DATABASE_URL: 'postgres://app:secret@db:5432/app' } });
    expect(pg.database).toEqual({ dialect: 'pg', url: 'postgres://app:secret@db:5432/app' });
    expect(pg.mail.outboxDir).toBeUndefined();
    expect(() => loadConfig({ env: { DATABASE_URL: 'mysql://db/app' } })).toThrow(/DATABASE_URL/);
  });

  it('explains every invalid value in one readable error', () => {
    const attempt = () =>
      loadConfig({
        env: { PORT: 'abc', ADMIN_EMAIL: 'not-an-email', SESSION_SECRET: 'short', APP_URL: 'ftp://x' },
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^Configuración inválida/);
      for (const name of ['PORT', 'ADMIN_EMAIL', 'SESSION_SECRET', 'APP_URL'])
        expect(message).toContain(name);
    }
  });
});
