import { createStore, useStore } from './create-store';

/** Spec part 2 §9: light or dark, default dark, stored locally. */
export type Theme = 'dark' | 'light';
export const THEME_KEY = 'big7_theme';

export function readTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

const themeStore = createStore(readTheme, { serverValue: 'dark' });

/** Puts the theme class on <html> and the matching browser colour. */
export function applyTheme(theme: Theme = readTheme()): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
  root.style.colorScheme = theme;
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0f172a' : '#ffffff');
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Not stored, still applied for this visit.
  }
  applyTheme(theme);
  themeStore.notify();
}

export function useTheme(): [Theme, (t: Theme) => void] {
  return [useStore(themeStore), setTheme];
}
