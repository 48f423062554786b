# Source it (`source tooling/scripts/use-node-24.sh`): puts the pinned Node 24 LTS first on PATH for this shell.
# Node comes from the npm registry as the `node-linux-<arch>` package, which ships the binary and its headers,
# so native modules (better-sqlite3) build against the Node that runs them. CI runs the suite on it (.ci/run);
# the Docker image runs the same version. Kept outside the repository, and reused when already there.
# Not newer: from 24.19 the headers' node::ObjectWrap registers an environment cleanup hook, and its destructor
# aborts the process when the GC collects a better-sqlite3 12 statement outside a JavaScript context
# (nodejs/node#65446); better-sqlite3 13 avoids it, but needs Node >= 22, and the README's commands run on 20.
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
