import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HomePage } from '../pages/lazy-pages';
import { useTRPC, useTRPCClient } from '../trpc';
import { useAuth } from './AuthContext';

// Each form holds its own mutation rather than the AuthProvider holding all three: a mutation's
// result is a new object on every render, so in the provider's context value it re-rendered every
// reader of the session (header, cards, guards) whenever the provider rendered for any reason.

/**
 * Login and register both answer with the signed-in viewer, who replaces the cached session. What was
 * read before signing in is read again: some answers depend on who asks (an admin reads the stream
 * setup notes that visitors are not sent).
 */
function useSignIn(procedure: 'login' | 'register') {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (input: { username: string; password: string }) => client.auth[procedure].mutate(input),
    onSuccess: (user) => {
      setUser(user);
      const keep = hashKey(trpc.user.get.queryKey());
      // The form moves on at once; the refetches land when they land.
      void queryClient.invalidateQueries({ predicate: (q) => q.queryHash !== keep });
    },
  });
}

export const useLogin = () => useSignIn('login');
export const useRegister = () => useSignIn('register');

export function useLogout() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: async () => {
      await client.auth.logout.mutate();
    },
    // Options of the mutation itself, not of one mutate() call: they run even though the menu that
    // started the logout is gone by then.
    onSuccess: async () => {
      // Leave any login-required page first (synchronously), so its guard never bounces us to /auth.
      // A synchronous render must not wait for a chunk (the layout has no Suspense boundary for
      // pages), so the home page's comes first; should it fail, the route's error page says so.
      await HomePage.preload().catch(() => undefined);
      await navigate('/', { flushSync: true });
      setUser(null);
      const keep = hashKey(trpc.user.get.queryKey());
      queryClient.removeQueries({ predicate: (q) => q.queryHash !== keep });
    },
  });
}
