import { afterEach, vi } from 'vitest';
import { closeTestApps } from './open-apps';

// The files of a worker share one module cache (vitest.config.ts: isolate off), so the packages under
// node_modules load once per worker. The app's own modules load afresh for every file, as with isolation: no
// state and no vi.mock carries over from one file to the next.
vi.resetModules();

// Registered here, not where createTestApp lives: a setup file runs for every test file, while a module that
// several files import would register its hooks for the first of them only.
afterEach(closeTestApps);
