import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import type { CourseApi } from '../src/api/index.js';
import { createQueryClient } from '../src/api/queries.js';
import { SessionProvider } from '../src/session/session-context.js';

/** The app's cache as the entry makes it, but a failed load is not asked again. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

/** `children` under the app's providers: a fresh cache (or `client`) and a session over `api`. */
export function withCourse(
  api: CourseApi,
  children: ReactNode,
  client: QueryClient = testQueryClient(),
): ReactElement {
  return (
    <QueryClientProvider client={client}>
      <SessionProvider api={api}>{children}</SessionProvider>
    </QueryClientProvider>
  );
}
