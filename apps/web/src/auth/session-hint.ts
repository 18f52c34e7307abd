import { createContext, useContext } from 'react';
import { useAuth } from './AuthContext';

/**
 * Whether the page request carried a session cookie. The server then sends index.session.html,
 * whose <html> element has `data-session` and whose prerendered login-required pages (/shop) are
 * drawn as the page itself, with skeletons, instead of a spinner: a returning viewer sees the shop
 * at once, and the session check fills in their name and balance. Only a hint: the cookie may have
 * expired, and the guard still sends a visitor without a valid session to /auth once it knows.
 * The prerender (no document) and the browser must agree on it, so it travels as a prop of App.
 */
export const SessionHintContext = createContext(false);

export function useSessionHint(): boolean {
  return useContext(SessionHintContext);
}

/** What the server said on this page's <html> element (build/prerender.ts writes the attribute). */
export function readSessionHint(): boolean {
  return document.documentElement.hasAttribute('data-session');
}

/**
 * Signed in, or still checking after a request that carried a session cookie: whether to draw what
 * a signed-in viewer sees around the page (links, not data) before the check answers, so it does not
 * appear a moment later and push the page down.
 */
export function useLikelySignedIn(): boolean {
  const { user, isLoading } = useAuth();
  const sessionHint = useSessionHint();
  return user ? true : isLoading && sessionHint;
}
