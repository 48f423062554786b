// First, before any schema is created: zod's settings (./zod-setup.ts). Only these two modules have a side effect
// (package.json `sideEffects`), so a bundle keeps just the schemas its code uses.
import './zod-setup';

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
export * from './ai-provider';
export * from './ai-connections';
export * from './redgram';
export * from './texto';
export * from './video-tools';
export * from './members-io';
export * from './reports';
export * from './notifications';
export * from './history';
export * from './billing';
export * from './stats';
export * from './stats-charts';
export * from './passkeys';
export * from './sessions';
export * from './data-archive';
export * from './erasure';
export * from './jobs';
export * from './retention';
export * from './two-factor';
export * from './community';
export * from './announcements';
