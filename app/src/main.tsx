import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createBrowserAnalytics } from './analytics/analytics.js';
import { AnalyticsProvider } from './analytics/analytics-context.js';
import { createCourseApi, createHttpClient } from './api/index.js';
import { courseQueries, createQueryClient } from './api/queries.js';
import { AppRoutes } from './routes.js';
import { SessionProvider } from './session/session-context.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const analytics = createBrowserAnalytics();
const api = createCourseApi(createHttpClient({ headers: () => analytics.requestHeaders() }));
const queryClient = createQueryClient();
// Asked while the page's code downloads, so the landing demo's chart is not asked any later
// (a failure is asked again by the page that needs the rules).
void queryClient.query(courseQueries.courseRules(api)).catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AnalyticsProvider analytics={analytics}>
        <SessionProvider api={api}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </AnalyticsProvider>
    </QueryClientProvider>
  </StrictMode>,
);
