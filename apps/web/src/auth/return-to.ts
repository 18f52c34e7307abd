/** Where the sign-in page sends a visitor who was sent away from a page (viewer-spec section 2). */
export interface TAuthReturnState {
  from: string;
}

/** The router state to put on a redirect to /auth from `location`. */
export function authReturnState(location: { pathname: string; search: string; hash: string }): TAuthReturnState {
  return { from: `${location.pathname}${location.search}${location.hash}` };
}

/**
 * The page to open after signing in or registering: the one the visitor came from, else '/'.
 * Only same-site paths count ('//evil.example' is another host), and never /auth itself.
 */
export function returnPath(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const from = state.from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/auth' || from.startsWith('/auth?') || from.startsWith('/auth#')) return '/';
  return from;
}
