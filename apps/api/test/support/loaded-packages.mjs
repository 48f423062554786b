// Preloaded into a server process with `node --import`: records every package the process loads (by import or
// require), and writes their names as JSON to the file LOADED_PACKAGES_FILE names when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import process from 'node:process';

const loaded = new Set();
registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    const at = result.url.lastIndexOf('/node_modules/');
    if (at !== -1) {
      const [scope, name] = result.url.slice(at + '/node_modules/'.length).split('/');
      loaded.add(scope.startsWith('@') ? `${scope}/${name}` : scope);
    }
    return result;
  },
});
process.on('exit', () => writeFileSync(process.env.LOADED_PACKAGES_FILE, JSON.stringify([...loaded].sort())));
