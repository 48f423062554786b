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

/**
 * On a terminal the log is read by a person: pino-pretty renders it (pino's documented transport). Anywhere
 * else (Docker, a process manager, the tests) it stays one JSON object a line, for log tools.
 */
const PRETTY_LOG = {
  target: 'pino-pretty',
  options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
};

const config = readConfig();
const app = await buildApp(config, process.stdout.isTTY ? { logTransport: PRETTY_LOG } : {});

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'server closing after an error');
  else app.log.info(`${signal} received, server closing`);
  await app.close();
});

await app.listen({ port: config.port, host: config.host });
