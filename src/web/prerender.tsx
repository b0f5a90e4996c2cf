import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { PRERENDERED_PATHS, startAsVisitor } from './app/visitor-page';
import { queryClient } from './lib/query-client';

export { PRERENDERED_PATHS };

/**
 * The markup of a signed-out page as the client's first render makes it (decision 029): the app's tree with a static
 * router on `path`, for a visitor. React's static renderer waits for every lazy screen, so the screen itself is in the
 * markup. Run at build time by scripts/prerender.ts (a Vite SSR build of this file); the server sends the result
 * inside `#root` (src/server/web-shell.ts) and main.tsx hydrates it.
 */
export async function renderPage(path: string): Promise<string> {
  startAsVisitor(queryClient);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  const { prelude } = await prerender(<AppRoot router={Router} />);
  return new Response(prelude).text();
}
