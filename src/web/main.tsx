import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app/app';
import { Providers } from './app/providers';
import { applyTheme } from './lib/theme';
import { startServiceWorker } from './lib/service-worker';
import './styles.css';

applyTheme();
startServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
