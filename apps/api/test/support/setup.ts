import { readFileSync } from 'node:fs';
import { afterEach, expect, vi } from 'vitest';
import { closeTestApps } from './open-apps';

// The files of a worker share one module cache (vitest.config.ts: isolate off): the packages under node_modules
// and the app's own modules load once per worker, not once per file. The app keeps no state in its modules
// (every store, limiter and runner belongs to the app instance a test builds), so a file meets the same modules
// a file of its own would.
//
// A module mock (vi.mock) replaces a module only for the modules its file loads afresh, and whatever those load
// stays in the cache after the file. So a file that mocks starts from a fresh copy of the app's modules, and so
// does the file after it: no mock reaches another file, and none is missed.
const shared = globalThis as { __appModulesMocked?: boolean };
const file = expect.getState().testPath;
const mocks = file !== undefined && /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(file, 'utf8'));
if (mocks || shared.__appModulesMocked) vi.resetModules();
shared.__appModulesMocked = mocks;

// Registered here, not where createTestApp lives: a setup file runs for every test file, while a module that
// several files import would register its hooks for the first of them only.
afterEach(closeTestApps);
