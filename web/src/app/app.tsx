import { BrowserRouter } from 'react-router';
import { AppErrorBoundary } from './error-boundary';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';

export function App() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <AppErrorBoundary>
        <AppRoutes />
      </AppErrorBoundary>
    </BrowserRouter>
  );
}
