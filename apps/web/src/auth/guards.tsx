import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoader } from '../components/common/PageLoader';
import { QueryError } from '../components/common/QueryError';
import { useAuth } from './AuthContext';
import { authReturnState } from './return-to';

/** Login-required pages: spinner while the user loads, then /auth when there is nobody signed in. */
export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { user, isLoading, error, refetch } = useAuth();
  const location = useLocation();

  if (isLoading) return <PageLoader />;
  if (error) {
    return (
      <Container size="sm" py="xl">
        <QueryError title="Could not load your account" error={error} onRetry={refetch} />
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
