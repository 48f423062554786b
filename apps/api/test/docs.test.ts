import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { API_ROOT } from '../src/lib/paths';
import { INDEX_FILE, README_FILE } from '../src/modules/data-archive/build';
import { ARCHIVE_PARTS, PERSONAL_TABLES } from '../src/personal-data';

/**
 * The README and the guides in docs/ are what an operator follows: every link must lead somewhere, every command
 * must exist, and the records that describe the code (the personal-data table, the archive's files, the
 * environment variables) must name everything the code has.
 */
const repoRoot = path.resolve(API_ROOT, '../..');
const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

const GUIDES = readdirSync(path.join(repoRoot, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`)
  .sort();
const PAGES = ['README.md', ...GUIDES];

/**
 * Guides written on other branches at the same time as this test, linked before they land. Each may be missing
 * until its branch is merged; once the page exists, remove it from this list, so a link to it is checked again.
 */
const PAGES_ON_THEIR_WAY: string[] = [];

/** Markdown without its fenced code blocks and code spans, where a bracket is not a link. */
const withoutCode = (markdown: string) => markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');

/** The code of a page: its fenced blocks and its code spans. */
const codeOf = (markdown: string): string[] => [
  ...[...markdown.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((match) => match[1] ?? ''),
  ...[...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((match) => match[1] ?? ''),
];

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters of any script kept), spaces to '-'. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading = ''] of markdown
    .replace(/```[\s\S]*?```/g, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = slug(heading);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** Relative links of a page: target file (from the repository root) and anchor. */
function linksOf(page: string): { text: string; file: string; anchor: string | null }[] {
  const links = [];
  for (const [, text = '', target = ''] of withoutCode(read(page)).matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target)) continue;
    const [file = '', anchor] = target.split('#');
    links.push({
      text,
      file: file === '' ? page : path.posix.join(path.posix.dirname(page), file),
      anchor: anchor ?? null,
    });
  }
  return links;
}

/** The scripts of the root package and of each workspace package, by package name. */
function workspaceScripts(): { root: Set<string>; byPackage: Map<string, Set<string>> } {
  const scriptsOf = (file: string) =>
    JSON.parse(read(file)) as { name: string; scripts?: Record<string, string> };
  const byPackage = new Map<string, Set<string>>();
  for (const folder of ['apps', 'packages', 'tooling']) {
    for (const name of readdirSync(path.join(repoRoot, folder))) {
      const file = `${folder}/${name}/package.json`;
      if (!existsSync(path.join(repoRoot, file))) continue;
      const manifest = scriptsOf(file);
      byPackage.set(manifest.name, new Set(Object.keys(manifest.scripts ?? {})));
    }
  }
  return { root: new Set(Object.keys(scriptsOf('package.json').scripts ?? {})), byPackage };
}

/** pnpm's own commands that the pages use; anything else after `pnpm` must be a script. */
const PNPM_COMMANDS = new Set(['install', 'add', 'exec', 'dlx']);

describe('the README and the guides in docs/', () => {
  it('the README starts with the two commands: the app on SQLite, then the whole suite', () => {
    const readme = read('README.md');
    const blocks = [...readme.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]?.trim());
    expect(blocks.slice(0, 2)).toEqual([
      'npm i -g pnpm@10 && pnpm install && pnpm start',
      'npm i -g pnpm@10 && pnpm install && pnpm test:setup && pnpm test',
    ]);
    // Nothing but the title comes before them.
    expect(readme.slice(0, readme.indexOf('```')).trim().split('\n')).toHaveLength(1);
  });

  it('the README links every guide, each once, in its «Guides» list', () => {
    const readme = read('README.md');
    const guides = readme.slice(readme.indexOf('## Guides'));
    for (const page of [...GUIDES, ...PAGES_ON_THEIR_WAY]) {
      expect(guides, `${page} in the README's guides`).toMatch(
        new RegExp(`^- \\[[^\\]]+\\]\\(${page.replace('.', '\\.')}\\): `, 'm'),
      );
      expect(guides.split(`](${page})`).length - 1, `${page} linked once in the guides`).toBe(1);
    }
  });

  it('every relative link leads to a file, and its anchor to a heading of that file', () => {
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const link of linksOf(page)) {
        const where = `${page}: [${link.text}](${link.file}${link.anchor ? `#${link.anchor}` : ''})`;
        if (!existsSync(path.join(repoRoot, link.file))) {
          if (!PAGES_ON_THEIR_WAY.includes(link.file)) broken.push(`${where}: no such file`);
          continue;
        }
        if (link.anchor !== null && link.file.endsWith('.md') && !anchorsOf(read(link.file)).has(link.anchor))
          broken.push(`${where}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
    const arrived = PAGES_ON_THEIR_WAY.filter((page) => existsSync(path.join(repoRoot, page)));
    expect(arrived, 'these pages exist now: remove them from PAGES_ON_THEIR_WAY').toEqual([]);
  });

  it('every pnpm command the pages give is a script of the package it runs in', () => {
    const { root, byPackage } = workspaceScripts();
    const unknown: string[] = [];
    let commands = 0;
    for (const page of PAGES) {
      for (const code of codeOf(read(page))) {
        for (const [command, , filter, script = ''] of code.matchAll(
          /\bpnpm\s+(--filter[=\s]+(\S+)\s+)?([a-z][\w:-]*)/g,
        )) {
          commands += 1;
          if (filter === undefined) {
            if (!root.has(script) && !PNPM_COMMANDS.has(script)) unknown.push(`${page}: ${command}`);
          } else if (!byPackage.get(filter)?.has(script)) {
            unknown.push(`${page}: ${command}`);
          }
        }
      }
    }
    expect(unknown).toEqual([]);
    expect(commands).toBeGreaterThan(20);
  });

  it('every file of the repository the pages name exists (a built file, its source)', () => {
    const missing: string[] = [];
    for (const page of PAGES) {
      for (const code of codeOf(read(page))) {
        for (const match of code.matchAll(
          /(?<![\w./-])(?:apps|packages|tooling|deploy|cobalt)\/[\w./@-]*[\w/]/g,
        )) {
          const named = match[0];
          // Placeholders (`modules/<feature>/`, `NAME`) and build output other than the API's commands are not files.
          if (/^[<{*]/.test(code.slice(match.index + named.length)) || named.includes('NAME')) continue;
          if (named.startsWith('apps/web/dist') || /^apps\/api\/dist\/?$/.test(named)) continue;
          const file = named.replace(/^apps\/api\/dist\/(.+)\.js$/, 'apps/api/src/$1.ts');
          // A file the operator makes from a committed example (cobalt/keys.json from cobalt/keys.example.json).
          const example = file.replace(/(\.\w+)$/, '.example$1');
          if (!existsSync(path.join(repoRoot, file)) && !existsSync(path.join(repoRoot, example)))
            missing.push(`${page}: ${named}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the privacy record names every table the modules declare, and every file of the archive', () => {
    const page = read('docs/data-rights.md');
    const record = page.slice(page.indexOf('## Datos personales'), page.indexOf('## Conservación de datos'));
    const tables = new Set([
      ...PERSONAL_TABLES.map((entry) => getTableName(entry.table)),
      ...ARCHIVE_PARTS.flatMap((part) => part.tables),
    ]);
    expect(tables.size).toBeGreaterThan(20);
    for (const table of tables) expect(record, `table ${table}`).toContain(`\`${table}\``);

    const archive = page.slice(page.indexOf('### What it contains'));
    for (const file of [README_FILE, INDEX_FILE, ...ARCHIVE_PARTS.map((part) => part.file)])
      expect(archive, `archive file ${file}`).toMatch(
        new RegExp(`^\\| \`${file.replace('.', '\\.')}\` +\\|`, 'm'),
      );
  });

  it('the configuration table lists every environment variable the server reads', () => {
    const config = read('apps/api/src/config.ts');
    const schema = config.slice(
      config.indexOf('const EnvSchema'),
      config.indexOf('\n});', config.indexOf('const EnvSchema')),
    );
    const variables = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1] ?? '');
    expect(variables.length).toBeGreaterThan(30);
    const page = read('docs/install-and-upgrade.md');
    const table = page.slice(
      page.indexOf('## Configuration'),
      page.indexOf('\n## ', page.indexOf('## Configuration') + 1),
    );
    const rows = table.split('\n').filter((line) => line.startsWith('| `'));
    for (const variable of variables)
      expect(
        rows.some((row) => row.split('|')[1]?.includes(`\`${variable}\``)),
        `${variable} in docs/install-and-upgrade.md`,
      ).toBe(true);
  });
});
