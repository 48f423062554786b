import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_ROOT } from '../src/lib/paths';

const repoRoot = path.resolve(API_ROOT, '../..');

describe('container deployment files', () => {
  it('docker-compose.yml validates and runs the app on all interfaces with a persistent database', () => {
    // Debian's docker-compose validates the file without a Docker engine.
    const resolved = execFileSync(
      'docker-compose',
      ['-f', path.join(repoRoot, 'docker-compose.yml'), 'config'],
      {
        encoding: 'utf8',
        env: { ...process.env, ADMIN_EMAIL: 'jefa@example.com' },
      },
    );
    expect(resolved).toMatch(/HOST: 0\.0\.0\.0/);
    expect(resolved).toMatch(/DATABASE_PATH: \/data\/app\.db/);
    expect(resolved).toMatch(/ADMIN_EMAIL: jefa@example\.com/);
    expect(resolved).toMatch(/app-data:\/data/);
    expect(resolved).toMatch(/published: 3000|3000:3000/);
  });

  it('its postgres profile runs PostgreSQL, two API nodes on it and Caddy in front, none of it by default', () => {
    const composeFile = path.join(repoRoot, 'docker-compose.yml');
    const resolve = (...profile: string[]) =>
      parse(
        execFileSync('docker-compose', ['-f', composeFile, ...profile, 'config'], {
          encoding: 'utf8',
          env: { ...process.env, POSTGRES_PASSWORD: 'clave-larga' },
        }),
      ) as { services: Record<string, Service> };
    type Service = {
      image?: string;
      profiles?: string[];
      ports?: unknown[];
      environment?: Record<string, string>;
      depends_on?: Record<string, unknown>;
      volumes?: unknown[];
    };
    const { services } = resolve('--profile', 'postgres');

    // `docker compose up` starts only the one SQLite container: everything else sits in the profile.
    const byDefault = Object.keys(services).filter((name) => !services[name]!.profiles?.includes('postgres'));
    expect(byDefault).toEqual(['app']);

    expect(services.postgres!.image).toMatch(/^postgres:\d+/);
    for (const node of ['api-1', 'api-2']) {
      const env = services[node]!.environment!;
      expect(env.DATABASE_URL).toBe('postgres://comunidad:clave-larga@postgres:5432/comunidad');
      expect(env.TRUST_PROXY).toBe('true');
      expect(services[node]!.ports).toBeUndefined();
      expect(Object.keys(services[node]!.depends_on!)).toContain('postgres');
    }
    expect(services.proxy!.image).toMatch(/^caddy:/);
    expect(JSON.stringify(services.proxy!.ports)).toMatch(/3000/);

    // The Caddyfile the proxy mounts is committed and sends requests to both nodes, checking their health.
    expect(JSON.stringify(services.proxy!.volumes)).toContain('Caddyfile');
    const caddyfile = readFileSync(path.join(repoRoot, 'deploy/Caddyfile'), 'utf8');
    expect(caddyfile).toMatch(/reverse_proxy api-1:3000 api-2:3000/);
    expect(caddyfile).toMatch(/health_uri \/api\/health/);
  });

  it('the Dockerfile builds the workspace and starts the one server process', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('pnpm install --frozen-lockfile && pnpm build');
    expect(dockerfile).toMatch(/CMD \[.*"apps\/api\/dist\/server\.js"\]/);
    expect(dockerfile).toContain('HOST=0.0.0.0');
  });
});
