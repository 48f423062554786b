import { vi } from 'vitest';

// The files of the worker share one module cache and one DOM (vite.config.ts: isolate off), so React, Mantine
// and the DOM load once instead of once per file. What a file could leave behind is reset before the next:
// the app's own modules load afresh (each file's vi.mock applies; no module state carries over) and the
// browser storage starts empty, as in a fresh page (files on the node environment have none).
vi.resetModules();
globalThis.localStorage?.clear();
globalThis.sessionStorage?.clear();
