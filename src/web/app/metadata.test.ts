import { describe, expect, test } from 'vitest';
import { DEFAULT_METADATA, ROUTE_METADATA, canonicalUrl, metadataFor } from '@shared/page-metadata';
import { showsBottomNav } from './bottom-nav';

describe('page metadata per route', () => {
  test('exactly the routes the spec names have their own metadata', () => {
    expect(Object.keys(ROUTE_METADATA).sort()).toEqual(
      ['/', '/dashboard', '/checkin', '/trends', '/streak', '/tips', '/upgrade', '/ai-coach', '/settings', '/account', '/privacy', '/terms'].sort(),
    );
  });
  test('every own entry has a title naming the product, a description and keywords', () => {
    for (const [path, m] of Object.entries(ROUTE_METADATA)) {
      expect(m.title, path).toContain('Big 7');
      expect(m.description.length, path).toBeGreaterThan(30);
      expect(m.keywords, path).toContain('wellness');
    }
    const titles = Object.entries(ROUTE_METADATA).filter(([p]) => p !== '/').map(([, m]) => m.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
  test('unknown and unnamed routes get the default; a trailing slash is ignored', () => {
    expect(metadataFor('/nope')).toBe(DEFAULT_METADATA);
    expect(metadataFor('/faq')).toBe(DEFAULT_METADATA);
    expect(metadataFor('/category/rest')).toBe(DEFAULT_METADATA);
    expect(metadataFor('/settings/')).toBe(ROUTE_METADATA['/settings']);
    expect(metadataFor('/account').title).toBe('Account | Big 7');
  });
  test('canonical links use the given origin and drop trailing slashes', () => {
    expect(canonicalUrl('https://big7.example', '/streak')).toBe('https://big7.example/streak');
    expect(canonicalUrl('https://big7.example/', '/')).toBe('https://big7.example/');
    expect(canonicalUrl('http://127.0.0.1:4000', '/terms/')).toBe('http://127.0.0.1:4000/terms');
  });
});

describe('bottom navigation visibility', () => {
  test('on the tabs, static, purchase, analytics and AI coach pages only', () => {
    for (const p of ['/', '/dashboard', '/account', '/upgrade', '/settings', '/faq', '/privacy', '/terms', '/whats-new', '/purchase-history', '/analytics', '/business-dashboard', '/ai-coach', '/ai-coach/conversation/1']) {
      expect(showsBottomNav(p), p).toBe(true);
    }
    for (const p of ['/checkin', '/streak', '/category/rest', '/signin', '/ai-coachx']) {
      expect(showsBottomNav(p), p).toBe(false);
    }
  });
});
