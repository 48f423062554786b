import { z } from 'zod';

// Generic validation messages (wrong type, too long...) in Spanish, on the client and the server alike. Only this
// module has a side effect (package.json `sideEffects`), so a bundle keeps just the schemas its code uses.
z.config(z.locales.es());

export * from './accounts';
export * from './auth';
export * from './docs';
export * from './http';
export * from './library';
export * from './messages';
export * from './pagination';
export * from './roles';
export * from './settings';
export * from './system';
export * from './tools';
export * from './user-fields';
export * from './ai-generation';
export * from './redgram';
export * from './texto';
export * from './video-tools';
export * from './members-io';
export * from './reports';
export * from './notifications';
export * from './history';
