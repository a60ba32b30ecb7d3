import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createCourseApi, createHttpClient } from './api/index.js';
import { AppRoutes } from './routes.js';
import { SessionProvider } from './session/session-context.js';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const api = createCourseApi(createHttpClient());

createRoot(container).render(
  <StrictMode>
    <SessionProvider api={api}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </SessionProvider>
  </StrictMode>,
);
