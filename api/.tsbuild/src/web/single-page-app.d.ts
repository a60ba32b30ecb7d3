import { type Express } from 'express';
/** First path segments that belong to the REST API (the spec's paths are not all under /api). */
export declare const API_PATH_PREFIXES: readonly ['/api', '/chart-data', '/users', '/stripe'];
export declare function isApiPath(path: string): boolean;
/**
 * Serves the built app: its files, and index.html for any other GET that is not an API path, so
 * client-side routes (and the app's own 404 page) work on reload.
 */
export declare function serveSinglePageApp(server: Express, distDir: string): void;
