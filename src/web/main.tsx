import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoot } from './app/app-root';
import { startAsVisitor } from './app/visitor-page';
import { applyTheme } from './lib/theme';
import { startServiceWorker } from './lib/service-worker';
import { claimPreloads } from './lib/preloaded';
import { holdPrerenderedSubmits } from './lib/held-submits';
import { queryClient } from './lib/query-client';
import './styles.css';

applyTheme();
// The reads the page shell preloaded (a signed-in /dashboard's GET /api/dashboard) are claimed before anything else
// can fetch them: lib/preloaded.ts.
claimPreloads();
startServiceWorker();

const container = document.getElementById('root')!;
const tree = <AppRoot router={BrowserRouter} />;
if (container.hasChildNodes()) {
  // A signed-out page prerendered at build time (decision 029): React takes over the markup already painted.
  startAsVisitor(queryClient);
  holdPrerenderedSubmits(container);
  hydrateRoot(container, tree);
} else {
  // Any other page: the first render is a transition, so React yields to the browser while it renders.
  const root = createRoot(container);
  startTransition(() => root.render(tree));
}
