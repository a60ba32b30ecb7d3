import { type RouteObject } from 'react-router-dom';
export declare const routes: RouteObject[];
export declare function createAppRouter(): import('react-router').DataRouter;
/** The same routes without a browser URL bar, for component tests. */
export declare function createTestRouter(initialPath: string): import('react-router').DataRouter;
