#!/usr/bin/env node
// After the build: every script and stylesheet in dist/assets also as .br (brotli at its best quality) and .gz,
// which the server sends as they are (@fastify/static's preCompressed) instead of compressing each answer itself
// at the fast setting a live answer needs, a larger download. Hashed files never change, so once is enough.
/* global process */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const assets = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
let count = 0;
for (const name of readdirSync(assets)) {
  if (!/\.(?:js|css)$/.test(name)) continue;
  const file = path.join(assets, name);
  const source = readFileSync(file);
  const params = {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
  };
  writeFileSync(`${file}.br`, brotliCompressSync(source, { params }));
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
  count += 1;
}
process.stdout.write(`precompressed ${count} scripts and stylesheets (.br, .gz)\n`);
