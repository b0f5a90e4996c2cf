import { APP_ORIGIN_META, BRAND, canonicalUrl, metadataFor, shareImageUrl } from '@shared/page-metadata';

function setMeta(attr: 'name' | 'property', key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.setAttribute('content', content);
}

/** The public origin (APP_URL) the server wrote into the page; the page's own origin if it is missing. */
export function appOrigin(): string {
  return document.head.querySelector<HTMLMetaElement>(`meta[name="${APP_ORIGIN_META}"]`)?.content || window.location.origin;
}

/** Writes the metadata of a path into <head>. */
export function applyMetadata(pathname: string, origin: string = appOrigin()): void {
  const meta = metadataFor(pathname);
  const url = canonicalUrl(origin, pathname);
  document.title = meta.title;
  setMeta('name', 'description', meta.description);
  setMeta('name', 'keywords', meta.keywords);
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = url;
  setMeta('property', 'og:type', 'website');
  setMeta('property', 'og:site_name', BRAND);
  setMeta('property', 'og:title', meta.title);
  setMeta('property', 'og:description', meta.description);
  setMeta('property', 'og:url', url);
  setMeta('property', 'og:image', shareImageUrl(origin));
  setMeta('name', 'twitter:card', 'summary');
  setMeta('name', 'twitter:title', meta.title);
  setMeta('name', 'twitter:description', meta.description);
  setMeta('name', 'twitter:image', shareImageUrl(origin));
}
