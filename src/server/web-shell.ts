import { createHash } from 'node:crypto';
import { APP_ORIGIN_META, BRAND, canonicalUrl, metadataFor, shareImageUrl } from '../shared/page-metadata';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The Content-Security-Policy sources of the template's inline scripts (`'sha256-…'`): index.html applies the stored
 * theme before the first paint with one, and the policy allows no other inline script.
 */
export function inlineScriptHashes(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => `'sha256-${createHash('sha256').update(m[1]!, 'utf8').digest('base64')}'`);
}

/** The <head> tags of a path: the public origin for the client, title, description, keywords, canonical and social tags. */
export function shellHeadTags(appUrl: string, pathname: string): string {
  const meta = metadataFor(pathname);
  const url = canonicalUrl(appUrl, pathname);
  const tag = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  return [
    tag('name', APP_ORIGIN_META, appUrl),
    tag('name', 'description', meta.description),
    tag('name', 'keywords', meta.keywords),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', BRAND),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', url),
    tag('property', 'og:image', shareImageUrl(appUrl)),
    tag('name', 'twitter:card', 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
    tag('name', 'twitter:image', shareImageUrl(appUrl)),
  ].join('\n    ');
}

/**
 * The screens' files per path, written into index.html by the build (vite.config.ts, `routePreloads`) as
 * `<!--big7:route-preloads {"/checkin": ["/assets/….js", …]}-->`. The shell turns the page's entry into
 * `<link rel="modulepreload">` tags, so the screen's code downloads beside the entry, not after the session check.
 */
const ROUTE_PRELOADS = /[ \t]*<!--big7:route-preloads (\{[^\n]*?\})-->\n?/;
let parsed: { template: string; map: Record<string, string[]> } | null = null;

function routePreloads(template: string): Record<string, string[]> {
  if (parsed?.template === template) return parsed.map;
  let map: Record<string, string[]> = {};
  const m = ROUTE_PRELOADS.exec(template);
  if (m) {
    try {
      const raw = JSON.parse(m[1]!) as unknown;
      if (raw && typeof raw === 'object') {
        map = Object.fromEntries(
          Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k, Array.isArray(v) ? v.filter((f): f is string => typeof f === 'string' && f.startsWith('/assets/')) : []]),
        );
      }
    } catch {
      map = {};
    }
  }
  parsed = { template, map };
  return map;
}

/** The modulepreload tags of a path's screen (none for a path without an entry). */
export function routePreloadTags(template: string, pathname: string): string {
  // The map's paths are short: a long path has no entry (and is never scanned).
  if (pathname.length > 64) return '';
  const key = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const map = routePreloads(template);
  const files = Object.hasOwn(map, key) ? map[key]! : [];
  return files.map((f) => `<link rel="modulepreload" crossorigin href="${escapeHtml(f)}" />`).join('\n    ');
}

/** The paths a signed-in person's dashboard answers on (src/web/app/routes.tsx). */
const DASHBOARD_PATHS = new Set(['/', '/dashboard', '/dashboard/']);
export const showsDashboard = (pathname: string): boolean => DASHBOARD_PATHS.has(pathname);

/**
 * The dashboard's reads, asked for with the page, beside the scripts, as index.html does for the session probe:
 * GET /api/dashboard (its four parts in one answer), the history (the score and the area tiles) and the rewards
 * (the claim cards above the tiles). Same URL and credentials mode as the client's fetch, which the browser answers
 * from the preload. Written ONLY for a request with a live session (`signedIn`, see shell-session.ts): a visitor's
 * would answer 401, logged by the browser as a console error. The client claims them once, at start
 * (lib/preloaded.ts), so one can never answer a later refresh.
 */
export const DASHBOARD_READS = ['/api/dashboard', '/api/checkins/history', '/api/rewards/available'] as const;
export const DASHBOARD_PRELOAD = DASHBOARD_READS.map(
  (url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="use-credentials" data-claim />`,
).join('\n    ');

/**
 * The signed-out pages rendered at build time (decision 029; scripts/prerender.ts writes `prerendered.json` beside
 * index.html: `{ "/signin": "<a …>…</main></div>" }`): the app's first render of each page for a visitor, which the
 * client hydrates. Empty when the build made none (a build before this step, or a test's web root).
 */
export type PrerenderedPages = ReadonlyMap<string, string>;

export function parsePrerendered(json: string | null): PrerenderedPages {
  if (!json) return new Map();
  try {
    const raw = JSON.parse(json) as unknown;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return new Map();
    return new Map(Object.entries(raw).filter((e): e is [string, string] => e[0].startsWith('/') && typeof e[1] === 'string'));
  } catch {
    return new Map();
  }
}

/**
 * The prerendered markup of a page request, or null: only for a path that has one and a request without a query
 * string (a screen that reads the query, e.g. /verify-email?token=…, renders differently: the client renders it).
 * Whether the request carries a live session is the caller's to check (a signed-in person never gets it).
 */
export function prerenderedFor(pages: PrerenderedPages, url: string): string | null {
  if (url.includes('?') || url.length > 64) return null;
  const key = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return pages.get(key) ?? null;
}

const SESSION_PROBE_PRELOAD = /\s*<link rel="preload" href="\/api\/auth\/session"[^>]*>/;

/**
 * The client's index.html for a path, with the route's metadata written in by the server, so a link shared or
 * crawled before any script runs carries the right title and canonical link (on APP_URL, never the request's host).
 * `signedIn` (the request carries a live session) adds the dashboard's read to the preloads on the dashboard's paths.
 * `prerendered` (a visitor's signed-out page, see prerenderedFor) goes inside `#root`; the page then starts as a
 * visitor's without asking for the session, so the session probe's preload is left out (unused, the browser would
 * warn).
 * The patterns below run over the template only (never over request text), and every replacement is a function:
 * a replacement string would expand `$'`, `` $` `` or `$&` found in the request path.
 */
export function renderShell(template: string, appUrl: string, pathname: string, opts: { signedIn?: boolean; prerendered?: string | null } = {}): string {
  const meta = metadataFor(pathname);
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const dashboard = opts.signedIn === true && showsDashboard(pathname);
  // A signed-in person's / is the dashboard: its screen files, not the welcome screen's.
  const preloads = [routePreloadTags(template, dashboard ? '/dashboard' : pathname), dashboard ? DASHBOARD_PRELOAD : '']
    .filter(Boolean)
    .join('\n    ');
  const head = `  ${shellHeadTags(appUrl, pathname)}${preloads ? `\n    ${preloads}` : ''}\n  </head>`;
  const html = template
    .replace(ROUTE_PRELOADS, () => '')
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/\s*<meta\s+name="description"[^>]*>/, () => '')
    .replace('</head>', () => head);
  const markup = opts.prerendered;
  if (!markup) return html;
  return html.replace(SESSION_PROBE_PRELOAD, () => '').replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
}
