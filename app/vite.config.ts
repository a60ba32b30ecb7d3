import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// The API's paths (the spec's are not all under /api); in development Vite forwards them to it.
const API_PATH_PREFIXES = ['/api', '/chart-data', '/users', '/stripe'];
const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:8001';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // chart-kit is consumed from its TypeScript source, so app changes and library changes
    // hot-reload together and the app build never waits for the library build.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(
      API_PATH_PREFIXES.map((prefix) => [prefix, { target: API_ORIGIN, changeOrigin: false }]),
    ),
  },
  build: {
    // Maps are written for error reports but not referenced from the bundles; the server never
    // serves a .map file.
    sourcemap: 'hidden',
  },
});
