import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createBrowserAnalytics } from './analytics/analytics.js';
import { AnalyticsProvider } from './analytics/analytics-context.js';
import { createCourseApi, createHttpClient } from './api/index.js';
import { loadCourseRules } from './course/course-rules.js';
import { AppRoutes } from './routes.js';
import { SessionProvider } from './session/session-context.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const analytics = createBrowserAnalytics();
const api = createCourseApi(createHttpClient({ headers: () => analytics.requestHeaders() }));
// Asked while the page's code downloads, so the landing demo's chart is not asked any later
// (a failure is asked again by the page that needs the rules).
void loadCourseRules(api).catch(() => undefined);

createRoot(container).render(
  <StrictMode>
    <AnalyticsProvider analytics={analytics}>
      <SessionProvider api={api}>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </SessionProvider>
    </AnalyticsProvider>
  </StrictMode>,
);
