// What other workspaces may import: the router type for the web client, and the app factory for e2e.
export type { AppRouter } from './routers/index';
