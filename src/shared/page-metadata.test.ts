import { describe, expect, test } from 'vitest';
import { DEFAULT_METADATA, MAX_PAGE_PATH_LENGTH, ROUTE_METADATA, canonicalUrl, metadataFor, pagePath } from './page-metadata';

/** Well above what a linear pass needs, far below what a quadratic one takes at 100,000 characters. */
const LINEAR_BOUND_MS = 1_000;

function timed<T>(f: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
}

describe('page paths', () => {
  test('trailing slashes are ignored; the root stays the root', () => {
    expect(pagePath('/settings/')).toBe('/settings');
    expect(pagePath('/settings///')).toBe('/settings');
    expect(pagePath('/')).toBe('/');
    expect(pagePath('///')).toBe('/');
    expect(pagePath('')).toBe('/');
    expect(pagePath('//x')).toBe('//x');
  });

  test('names of Object.prototype are paths like any other', () => {
    for (const path of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) expect(metadataFor(path)).toBe(DEFAULT_METADATA);
  });

  test('a path longer than the cap is treated as the root', () => {
    const long = `/${'a'.repeat(MAX_PAGE_PATH_LENGTH)}`;
    expect(pagePath(long)).toBe('/');
    expect(metadataFor(`/settings${'/'.repeat(MAX_PAGE_PATH_LENGTH)}`)).toBe(DEFAULT_METADATA);
    expect(canonicalUrl('https://big7.example', long)).toBe('https://big7.example/');
    // At the cap it is still handled as itself.
    const atCap = `/settings${'/'.repeat(MAX_PAGE_PATH_LENGTH - '/settings'.length)}`;
    expect(atCap).toHaveLength(MAX_PAGE_PATH_LENGTH);
    expect(metadataFor(atCap)).toBe(ROUTE_METADATA['/settings']);
  });

  test('100,000 slashes (with or without a last segment) are handled in linear time', () => {
    for (const path of ['/'.repeat(100_000), `${'/'.repeat(100_000)}x`, `/x${'/'.repeat(100_000)}x`]) {
      const meta = timed(() => metadataFor(path));
      expect(meta.value).toBe(DEFAULT_METADATA);
      expect(meta.ms).toBeLessThan(LINEAR_BOUND_MS);
      const url = timed(() => canonicalUrl('https://big7.example', path));
      expect(url.value).toBe('https://big7.example/');
      expect(url.ms).toBeLessThan(LINEAR_BOUND_MS);
    }
    // The same shapes below the cap are still answered (and fast) by the route they name.
    const short = `${'/'.repeat(500)}x`;
    expect(canonicalUrl('https://big7.example', short)).toBe(`https://big7.example${short}`);
    expect(metadataFor(`/tips${'/'.repeat(500)}`)).toBe(ROUTE_METADATA['/tips']);
  });

  test('origins lose their trailing slashes in linear time', () => {
    const origin = `https://big7.example${'/'.repeat(100_000)}`;
    const url = timed(() => canonicalUrl(origin, '/terms'));
    expect(url.value).toBe('https://big7.example/terms');
    expect(url.ms).toBeLessThan(LINEAR_BOUND_MS);
  });
});
