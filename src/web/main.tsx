import { runEffectsInNextTask } from './lib/renderer';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { Providers } from './app/providers';
import { applyTheme } from './lib/theme';
import { startServiceWorker } from './lib/service-worker';
import { claimPreloads } from './lib/preloaded';
import './styles.css';

runEffectsInNextTask();
applyTheme();
// The reads the page shell preloaded (a signed-in /dashboard's GET /api/dashboard) are claimed before anything else
// can fetch them: lib/preloaded.ts.
claimPreloads();
startServiceWorker();

// Rendered by Preact through preact/compat (decision 026): the code is written against React's API. Its render is
// synchronous, so the first one runs in a task of its own, not in the one that evaluated the scripts (two shorter
// tasks on a phone's CPU instead of one long one).
setTimeout(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}, 0);
