import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { Providers } from './app/providers';
import { applyTheme } from './lib/theme';
import { startServiceWorker } from './lib/service-worker';
import { claimPreloads } from './lib/preloaded';
import './styles.css';

applyTheme();
// The reads the page shell preloaded (a signed-in /dashboard's GET /api/dashboard) are claimed before anything else
// can fetch them: lib/preloaded.ts.
claimPreloads();
startServiceWorker();

// The first render as a transition: React renders in slices and yields to the browser between them, instead of
// one long task right after the scripts are evaluated (Lighthouse's total blocking time). The page shows the
// first HTML's content until then.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
});
