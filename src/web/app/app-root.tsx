import { StrictMode, type ReactNode } from 'react';
import { App } from './app';
import { Providers } from './providers';

/**
 * The app's whole tree around a router: the browser's (main.tsx) or the build's static one (prerender.tsx), so a
 * prerendered page and the client's hydration render the same elements.
 */
export function AppRoot({ router: Router }: { router: (props: { children: ReactNode }) => ReactNode }) {
  return (
    <StrictMode>
      <Providers>
        <Router>
          <App />
        </Router>
      </Providers>
    </StrictMode>
  );
}
