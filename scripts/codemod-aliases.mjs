#!/usr/bin/env node
/**
 * Codemod (decision record 024): path aliases instead of `../../`, and kebab-case file names.
 *
 *   node scripts/codemod-aliases.mjs            # rewrite in place (renames with `git mv`)
 *   node scripts/codemod-aliases.mjs --dry-run  # only list what it would change
 *
 * 1. Renames every source file under src, test, e2e, bench and scripts whose name is not kebab-case
 *    (`StreakScreen.tsx` → `streak-screen.tsx`; middle extensions such as `.test` are kept).
 * 2. Rewrites every module specifier (static and dynamic `import`, `export … from`, `require`, `vi.mock` and
 *    friends) in .ts/.tsx files that climbs two or more directories (`../../x`) to the alias of the
 *    tsconfig.json `paths` entry that holds its target (`@shared/…`, `@server/…`, `@web/…`, `@test/…`, `@e2e/…`),
 *    and any specifier that named a renamed file.
 * Idempotent: a second run changes nothing. Run it again after merging branches that add relative imports.
 * A target outside every alias (e.g. the root's vite.config) is left as it is and listed at the end.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['src', 'test', 'e2e', 'bench', 'scripts'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Only TypeScript goes through a resolver that knows the aliases; plain .mjs/.js run under node as they are. */
const ALIASABLE = /\.(ts|tsx|mts|cts)$/;
const RESOLVE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs', '.json', '/index.ts', '/index.tsx'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'results', 'coverage', 'test-results']);
const dryRun = process.argv.includes('--dry-run');

const toPosix = (p) => p.split(path.sep).join('/');
const rel = (p) => toPosix(path.relative(root, p));

/** The aliases from tsconfig.json `compilerOptions.paths`: [{ prefix: '@shared/', dir: '/abs/src/shared' }]. */
function readAliases() {
  const file = path.join(root, 'tsconfig.json');
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'));
  const paths = config.compilerOptions?.paths ?? {};
  const base = path.resolve(root, config.compilerOptions?.baseUrl ?? '.');
  return Object.entries(paths)
    .filter(([key, [target]]) => key.endsWith('/*') && target?.endsWith('/*'))
    .map(([key, [target]]) => ({ prefix: key.slice(0, -1), dir: path.resolve(base, target.slice(0, -2)) }))
    .sort((a, b) => b.dir.length - a.dir.length);
}

function walk(dir, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** `StreakScreen` → `streak-screen`, `HTMLParser` → `html-parser`, `snake_case` → `snake-case`. */
function kebab(name) {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/[_\s]+/g, '-')
    .toLowerCase();
}

/** The file name with its stem in kebab-case (`AiScreen.test.tsx` → `ai-screen.test.tsx`), or null when it is. */
function kebabName(base) {
  const dot = base.indexOf('.');
  const stem = dot === -1 ? base : base.slice(0, dot);
  const rest = dot === -1 ? '' : base.slice(dot);
  const next = kebab(stem);
  return next === stem ? null : next + rest;
}

const isTracked = (file) => {
  try {
    execFileSync('git', ['ls-files', '--error-unmatch', file], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

// ---- 1. renames ----------------------------------------------------------------------------------------------
const renames = new Map(); // old absolute path → new absolute path
for (const file of ROOTS.flatMap((r) => walk(path.join(root, r)))) {
  const next = kebabName(path.basename(file));
  if (!next) continue;
  const target = path.join(path.dirname(file), next);
  if (fs.existsSync(target)) throw new Error(`cannot rename ${rel(file)}: ${rel(target)} exists`);
  renames.set(file, target);
}
for (const [from, to] of renames) {
  console.log(`rename ${rel(from)} → ${rel(to)}`);
  if (dryRun) continue;
  if (isTracked(from)) execFileSync('git', ['mv', from, to], { cwd: root });
  else fs.renameSync(from, to);
}

// ---- 2. specifiers -------------------------------------------------------------------------------------------
const aliases = readAliases();
if (aliases.length === 0) throw new Error('tsconfig.json has no compilerOptions.paths');

/** The file a specifier's absolute base names, as it was before the renames (or null). */
function resolveOld(absBase) {
  for (const ext of ['', ...RESOLVE_EXTENSIONS]) {
    const candidate = absBase + ext;
    if (renames.has(candidate)) return { file: candidate, ext };
  }
  return null;
}

/** Apply the renames to an absolute specifier base (no extension added or removed). */
function renamed(absBase) {
  const hit = resolveOld(absBase);
  if (!hit) return absBase;
  const next = renames.get(hit.file);
  return hit.ext === '' ? next : next.slice(0, next.length - hit.ext.length);
}

function toAlias(absBase) {
  for (const { prefix, dir } of aliases) {
    if (absBase.startsWith(dir + path.sep)) return prefix + toPosix(path.relative(dir, absBase));
  }
  return null;
}

function fromAlias(spec) {
  for (const { prefix, dir } of aliases) {
    if (spec.startsWith(prefix)) return path.join(dir, spec.slice(prefix.length));
  }
  return null;
}

const climbs = (spec) => /^\.\.\/\.\.(\/|$)/.test(spec);
const relativeSpec = (fromDir, absBase) => {
  const r = toPosix(path.relative(fromDir, absBase));
  return r.startsWith('.') ? r : `./${r}`;
};

const SPECIFIER =
  /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bvi\.(?:mock|doMock|unmock|importActual|importMock)\s*(?:<[^>()]*>)?\(\s*)(['"])([^'"\n]+)\2/g;

const leftAlone = [];
let changedFiles = 0;
// Renames keep a file in its directory, so relative specifiers resolve the same before and after them.
for (const file of ROOTS.flatMap((r) => walk(path.join(root, r)))) {
  const dir = path.dirname(file);
  const source = fs.readFileSync(file, 'utf8');
  const aliasable = ALIASABLE.test(file);
  const next = source.replace(SPECIFIER, (whole, lead, quote, spec) => {
    let absBase;
    let wasAlias = false;
    if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') absBase = path.resolve(dir, spec);
    else if ((absBase = fromAlias(spec))) wasAlias = true;
    else return whole;
    const target = renamed(absBase);
    let out;
    if (wasAlias) out = target === absBase ? spec : toAlias(target) ?? spec;
    else if (climbs(spec) && aliasable) {
      out = toAlias(target);
      if (!out) {
        leftAlone.push(`${rel(file)}: ${spec}`);
        out = target === absBase ? spec : relativeSpec(dir, target);
      }
    } else out = target === absBase ? spec : relativeSpec(dir, target);
    return out === spec ? whole : `${lead}${quote}${out}${quote}`;
  });
  if (next !== source) {
    changedFiles += 1;
    console.log(`rewrite ${rel(file)}`);
    if (!dryRun) fs.writeFileSync(file, next);
  }
}

console.log(`${renames.size} file(s) renamed, ${changedFiles} file(s) rewritten${dryRun ? ' (dry run: nothing written)' : ''}.`);
if (leftAlone.length) {
  console.log('Left as they are (the target is outside every alias in tsconfig.json):');
  for (const line of leftAlone) console.log(`  ${line}`);
}
