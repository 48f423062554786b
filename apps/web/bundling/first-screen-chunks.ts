import path from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';

/** Set while the plugin's own planning build runs, so that build does not plan again. */
const PLANNING = 'FIRST_SCREEN_CHUNKS_PLANNING';

/**
 * Fewer files for the screens a member lands on first.
 *
 * Rolldown puts the modules that lazy screens share into one chunk per exact set of screens sharing them: many
 * small chunks, each a request (render-blocking for its styles) and a parse task before the first paint.
 *
 * This plugin first builds the app without writing it, to learn which modules (after tree-shaking) each chunk holds
 * and which chunks each first screen loads. In the real build it then names the chunk of those modules by the set
 * of first screens that load them (and `app` for what the entry loads): a first screen gets one file per set it
 * belongs to and never a module it does not use, and its styles travel in the same few files. Other screens load
 * these files when they use any of their modules.
 *
 * `screens` maps a name to the modules (paths from the app's root) of a screen's lazy chunks. Use the returned
 * `chunkName` as a code-splitting group's `name`; a group with a higher priority still wins.
 */
export function firstScreenChunks(screens: Record<string, string[]>): {
  plugin: Plugin;
  chunkName: (moduleId: string) => string | null;
} {
  let names = new Map<string, string>();
  let planFor: ResolvedConfig | undefined;
  const plugin: Plugin = {
    name: 'first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      planFor = config.build.ssr || process.env[PLANNING] ? undefined : config;
    },
    async buildStart() {
      if (planFor) names = planChunkNames(await unsplitBuild(planFor), screens, planFor.root);
    },
  };
  return { plugin, chunkName: (moduleId) => names.get(moduleId) ?? null };
}

/** The chunks of the same build, split automatically and not written. */
async function unsplitBuild(config: ResolvedConfig): Promise<Rolldown.OutputChunk[]> {
  process.env[PLANNING] = '1';
  try {
    const output = await build({
      root: config.root,
      configFile: config.configFile,
      mode: config.mode,
      logLevel: 'silent',
      build: { write: false, manifest: false },
    });
    return (Array.isArray(output) ? output : [output as Rolldown.RolldownOutput])
      .flatMap((result) => result.output)
      .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
  } finally {
    delete process.env[PLANNING];
  }
}

/**
 * From a build's chunks: module id → chunk name for every module of a chunk that a first screen loads statically,
 * named `app` when the entry loads it too, else by the screens that load it. The entry's and the screens' own chunks
 * keep their modules.
 */
export function planChunkNames(
  chunks: Pick<Rolldown.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'facadeModuleId' | 'moduleIds'>[],
  screens: Record<string, string[]>,
  root: string,
): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  /** The files a set of chunks imports statically, directly or not. */
  const loads = (from: typeof chunks) => {
    const seen = new Set<string>();
    const stack = from.flatMap((chunk) => chunk.imports);
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    return seen;
  };

  const entries = chunks.filter((chunk) => chunk.isEntry);
  const own = new Set(entries.map((chunk) => chunk.fileName));
  const loadedBy = new Map<string, string[]>();
  for (const [screen, modules] of Object.entries(screens)) {
    const ids = new Set(modules.map((module) => path.resolve(root, module)));
    const screenChunks = chunks.filter((chunk) => chunk.facadeModuleId && ids.has(chunk.facadeModuleId));
    const missing = [...ids].filter((id) => !screenChunks.some((chunk) => chunk.facadeModuleId === id));
    if (missing.length > 0)
      throw new Error(`first-screen-chunks: ${screen}: no chunk of its own for ${missing.join(', ')}`);
    for (const chunk of screenChunks) own.add(chunk.fileName);
    for (const file of loads(screenChunks)) loadedBy.set(file, [...(loadedBy.get(file) ?? []), screen]);
  }
  const app = loads(entries);

  const names = new Map<string, string>();
  for (const [file, loaders] of loadedBy) {
    if (own.has(file)) continue;
    const name = app.has(file) ? 'app' : loaders.join('-');
    for (const id of byFile.get(file)?.moduleIds ?? []) names.set(id, name);
  }
  return names;
}
