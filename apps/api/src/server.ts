import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths';

function readConfig() {
  try {
    return loadConfig({ webDistDir: DEFAULT_WEB_DIST_DIR });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const app = await buildApp(config);

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'server closing after an error');
  else app.log.info(`${signal} received, server closing`);
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
