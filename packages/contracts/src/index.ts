import { z } from 'zod';

// Generic validation messages (wrong type, too long...) in Spanish, on the client and the server alike.
z.config(z.locales.es());

export * from './auth';
export * from './http';
export * from './messages';
export * from './roles';
export * from './system';
export * from './tools';
export * from './user-fields';
export * from './video-tools';
