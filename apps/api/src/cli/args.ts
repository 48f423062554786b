import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config';

/** Prints the message for the operator and ends the command with a failure status. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The command's words (positionals) and its --options. */
export const readArgs = <T extends NonNullable<ParseArgsConfig['options']>>(options: T) =>
  parseArgs({ allowPositionals: true, options });

/** The server's configuration, or the command ends with what is wrong in it. */
export function configOrFail(): Config {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
}
