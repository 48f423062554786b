import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers (a CSP that allows only our own code and the Google Drive preview frame) and compression. */
export const securityPlugin = fp<{ https: boolean }>(async (app: FastifyInstance, opts) => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables in a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ['https://drive.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(opts.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The Drive preview is a cross-origin frame without CORP headers.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: opts.https ? { maxAge: 15552000, includeSubDomains: true } : false,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
});
