import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DEFAULT_WEB_DIST_DIR } from './lib/paths';
import { terminalLog } from './lib/terminal-log';

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
 * Signals a process gets for its own faults. A JavaScript listener for one makes a crash loop for ever on the
 * faulting instruction instead of ending the process (Node's documentation on signal events warns of it).
 */
const FAULT_SIGNALS = ['SIGSEGV', 'SIGBUS', 'SIGFPE', 'SIGILL', 'SIGABRT', 'SIGTRAP'] as const;

const config = readConfig();
// On a terminal the log is read by a person; anywhere else (Docker, a process manager, the tests) it stays
// one JSON object a line, for log tools.
const readableLog = process.stdout.isTTY ? await terminalLog() : undefined;
const app = await buildApp(config, readableLog ? { readableLog } : {});

let closing = false;
const closer = closeWithGrace({ delay: 10_000, skip: [...FAULT_SIGNALS] }, async ({ signal, err }) => {
  closing = true;
  if (err) app.log.error({ err }, 'server closing after an error');
  else app.log.info(signal ? `${signal} received, server closing` : 'terminal closed, server closing');
  await app.close();
});
// A terminal that goes away closes the server as the SIGHUP that usually comes with it does.
readableLog?.onGone(() => {
  if (!closing) closer.close();
});

await app.listen({ port: config.port, host: config.host });
