import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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

  it('the Dockerfile builds the workspace and starts the one server process', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('pnpm install --frozen-lockfile && pnpm build');
    expect(dockerfile).toMatch(/CMD \[.*"apps\/api\/dist\/server\.js"\]/);
    expect(dockerfile).toContain('HOST=0.0.0.0');
  });
});
