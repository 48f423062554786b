/**
 * The production web bundle as a visitor downloads it: for each lazily loaded screen (one per route), the
 * JavaScript and CSS fetched before it renders (entry + the screen's chunk + their static imports), gzipped, and how
 * many files that is.
 * Read from Vite's manifest (apps/web/dist/.vite/manifest.json, `build.manifest` in vite.config.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface RouteBundle {
  screen: string;
  jsGzip: number;
  cssGzip: number;
  jsFiles: number;
  cssFiles: number;
}

export function webBundle(distDir: string): RouteBundle[] | null {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const gzip = new Map<string, number>();
  const size = (file: string) => {
    if (!gzip.has(file))
      gzip.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gzip.get(file)!;
  };
  /** The chunk and everything it imports statically: what the browser fetches before running it. */
  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) return null;
  const measure = (keys: Set<string>) => {
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of keys) {
      js.add(manifest[key]!.file);
      for (const file of manifest[key]!.css ?? []) css.add(file);
    }
    const sum = (files: Set<string>) => [...files].reduce((total, file) => total + size(file), 0);
    return { jsGzip: sum(js), cssGzip: sum(css), jsFiles: js.size, cssFiles: css.size };
  };
  const screens = Object.keys(manifest).filter((key) => manifest[key]!.isDynamicEntry);
  return [
    { screen: '(entry: index.html)', ...measure(closure(entry)) },
    ...screens.map((key) => ({
      screen: manifest[key]!.src ?? key,
      ...measure(new Set([...closure(entry), ...closure(key)])),
    })),
  ];
}
