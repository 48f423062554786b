# Source it (`source tooling/scripts/use-node-24.sh`): puts the project's Node 24 LTS first on PATH for this
# shell, for commands run outside pnpm's scripts (`npx vitest ...`). `pnpm install` already brings the same Node
# into node_modules (package.json's optionalDependencies; .pnpmfile.cjs puts it first on PATH), and every
# `pnpm` script runs on it. This is the same package, kept outside the repository and reused when there.
# Not newer: from 24.19 the headers' node::ObjectWrap registers an environment cleanup hook, and its destructor
# aborts the process when the GC collects a better-sqlite3 12 statement outside a JavaScript context
# (nodejs/node#65446; still so on 24.21.0). better-sqlite3 13 avoids it, but the GC does not free its
# prepared statements before their database closes, and drizzle prepares one per query: a server would grow.
NODE24_VERSION=24.18.1
case "$(uname -m)" in
  x86_64) node24_arch=x64 ;;
  aarch64 | arm64) node24_arch=arm64 ;;
  *) echo "use-node-24.sh: no node-linux package for $(uname -m)" >&2 && return 1 ;;
esac
node24_dir="${NODE24_DIR:-${RUNNER_TEMP:-/tmp}/node-$NODE24_VERSION}"
node24_package="$node24_dir/node_modules/node-linux-$node24_arch"
if [ "$("$node24_package/bin/node" --version 2>/dev/null)" != "v$NODE24_VERSION" ]; then
  mkdir -p "$node24_dir"
  npm install --prefix "$node24_dir" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
    "node-linux-$node24_arch@$NODE24_VERSION"
fi
export PATH="$node24_package/bin:$PATH"
# node-gyp builds against these headers instead of downloading them (there may be no internet).
export npm_config_nodedir="$node24_package"
hash -r
echo "Node $(node --version) from $node24_package"
