import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The code every page loads: the modules reachable from main.tsx through static imports (type-only imports and
 * import() excluded). Screens, zod and Radix must stay out of it, so a page loads only its own code (issue 10).
 */
const root = path.resolve(__dirname, '../../..');

function staticImports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?!type\b)([\s\S]*?)\s+from\s+'([^']+)';|^\s*import\s+'([^']+)';/gm;
  for (const m of src.matchAll(re)) {
    const spec = m[2] ?? m[3]!;
    // `import { type A, type B } from …` is type-only too.
    if (m[1] && /^\{[\s\S]*\}$/.test(m[1].trim()) && m[1].replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type'))) continue;
    out.push(spec);
  }
  return out;
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(c) && !c.endsWith('.css') && c !== base) return c;
    if (c === base && /\.(ts|tsx)$/.test(c) && existsSync(c)) return c;
  }
  return null;
}

function entryGraph(): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [path.join(root, 'src/web/main.tsx')];
  while (todo.length) {
    const f = todo.pop()!;
    if (files.has(f)) continue;
    files.add(f);
    for (const spec of staticImports(f)) {
      if (!spec.startsWith('.')) {
        packages.add(spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/'));
        continue;
      }
      const r = resolve(f, spec);
      if (r) todo.push(r);
    }
  }
  return { files, packages };
}

describe('the client entry (loaded by every page)', () => {
  const { files, packages } = entryGraph();
  const rel = [...files].map((f) => path.relative(root, f));

  it('is found (the walk reaches the app, the router and the query client)', () => {
    expect(rel).toContain('src/web/app/routes.tsx');
    expect(packages).toContain('react-router');
    expect(packages).toContain('@tanstack/react-query');
  });

  it('holds no screen: every route loads its own code lazily', () => {
    expect(rel.filter((f) => /\/screens\/|dashboard-page|features\/dashboard\//.test(f))).toEqual([]);
  });

  it('holds neither the offline check-in queue nor its IndexedDB wrapper (loaded when a signed-in user syncs)', () => {
    expect(packages).not.toContain('idb');
    expect(rel).not.toContain('src/web/sw/offline-queue.ts');
    expect(rel.filter((f) => f.startsWith('src/web/features/check-ins/'))).toEqual([]);
  });

  it('holds neither zod (the shared schemas) nor Radix', () => {
    expect(packages).not.toContain('zod');
    expect(packages).not.toContain('radix-ui');
    expect(rel.filter((f) => f.startsWith('src/shared/schemas/'))).toEqual([]);
  });
});

describe('the renderer (decision 026)', () => {
  it('is Preact: the build resolves react, react-dom and the JSX runtime to preact/compat', async () => {
    const { default: config } = (await import(path.join(root, 'vite.config.ts'))) as typeof import('../../../vite.config');
    const aliases = config.resolve?.alias as { find: RegExp; replacement: string }[];
    const resolved = (spec: string) => aliases.find((a) => a.find.test(spec))?.replacement;
    expect(resolved('react')).toBe('preact/compat');
    expect(resolved('react-dom')).toBe('preact/compat');
    expect(resolved('react-dom/client')).toBe('preact/compat/client');
    expect(resolved('react/jsx-runtime')).toBe('preact/jsx-runtime');
    // Only those exact names: a package whose name starts with 'react' (react-router) is not aliased.
    expect(resolved('react-router')).toBeUndefined();
  });
});
