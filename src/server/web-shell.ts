import { APP_ORIGIN_META, BRAND, canonicalUrl, metadataFor, shareImageUrl } from '../shared/page-metadata';

const escapeHtml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

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
 * The client's index.html for a path, with the route's metadata written in by the server, so a link shared or
 * crawled before any script runs carries the right title and canonical link (on APP_URL, never the request's host).
 * The patterns below run over the template only (never over request text), and every replacement is a function:
 * a replacement string would expand `$'`, `` $` `` or `$&` found in the request path.
 */
export function renderShell(template: string, appUrl: string, pathname: string): string {
  const meta = metadataFor(pathname);
  const title = `<title>${escapeHtml(meta.title)}</title>`;
  const head = `  ${shellHeadTags(appUrl, pathname)}\n  </head>`;
  return template
    .replace(/<title>[\s\S]*?<\/title>/, () => title)
    .replace(/\s*<meta\s+name="description"[^>]*>/, () => '')
    .replace('</head>', () => head);
}
