import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const PUBLIC = path.join(import.meta.dirname, 'public');
const manifest = JSON.parse(readFileSync(path.join(PUBLIC, 'manifest.webmanifest'), 'utf8')) as {
  shortcuts: Array<{ name: string; url: string; icons: Array<{ src: string; sizes: string }> }>;
};

describe('the installed app (issue 30)', () => {
  test('its shortcuts offer Check in (/checkin) and Streak (/streak), each with a 96 px icon of the build', () => {
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Check in', '/checkin'],
      ['Streak', '/streak'],
    ]);
    for (const s of manifest.shortcuts) {
      expect(s.icons.some((i) => i.sizes === '96x96'), s.name).toBe(true);
      for (const i of s.icons) expect(existsSync(path.join(PUBLIC, i.src)), i.src).toBe(true);
    }
  });
});
