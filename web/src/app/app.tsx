import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';

/** The app inside a router: the browser's, or a static one when prerendering (prerender.tsx). */
export function AppContent() {
  return (
    <>
      <ScrollToTop />
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    </>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppContent />
    </BrowserRouter>
  );
}
