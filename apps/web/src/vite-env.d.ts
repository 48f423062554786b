/** Mantine's whole stylesheet on the dev server, nothing in a build (see vite.config.ts). */
declare module 'virtual:mantine-styles';
