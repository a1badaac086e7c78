// Before the router: its back/forward guard must hear popstate first.
import './lib/history-guard';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { registerServiceWorker } from './app/pwa/register-sw';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A marketing page prerendered at build time (scripts/prerender.mjs) is hydrated; every other
// page (and any page the service worker answers with the shell) is drawn here.
if (container.hasChildNodes()) hydrateRoot(container, app);
else createRoot(container).render(app);

registerServiceWorker();
