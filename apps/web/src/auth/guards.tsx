import { Container } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/common/PageLoader';
import { useAuth } from './AuthContext';
import { authReturnState } from './return-to';
import { useSessionHint } from './session-hint';

// Shown only when the session cannot be read: its Alert stays out of the first download.
const QueryError = lazy(() => import('../components/common/QueryError').then((m) => ({ default: m.QueryError })));

/**
 * Login-required pages: while the user loads, the page itself when the request carried a session
 * cookie (session-hint.ts) and a spinner otherwise; then /auth when there is nobody signed in.
 */
export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { user, isLoading, error, refetch } = useAuth();
  const location = useLocation();
  const sessionHint = useSessionHint();

  // Admin pages keep the spinner: a viewer's cookie says nothing about being an admin.
  if (isLoading) return sessionHint && !admin ? children : <PageLoader />;
  if (error) {
    return (
      <Container size="sm" py="xl">
        <Suspense fallback={null}>
          <QueryError title="Could not load your account" error={error} onRetry={refetch} />
        </Suspense>
      </Container>
    );
  }
  // The sign-in page sends the visitor back here afterwards (viewer-spec section 2).
  if (!user) return <Navigate to="/auth" replace state={authReturnState(location)} />;
  // The server refuses admin calls anyway; this only keeps non-admins off pages they cannot use.
  if (admin && !user.isAdmin) return <Navigate to="/" replace />;
  return children;
}

export function RequireAdmin({ children }: { children: ReactNode }) {
  return <RequireAuth admin>{children}</RequireAuth>;
}
