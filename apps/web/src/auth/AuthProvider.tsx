import type { TUser } from '@shop/domain';
import { hashKey, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { errorStatus } from '../lib/errors';
import { HomePage } from '../pages/lazy-pages';
import { useTRPC, useTRPCClient } from '../trpc';
import { AuthContext, type AuthContextValue } from './AuthContext';

export function AuthProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Widened on purpose: the tagged key only admits TUser, but a signed-out session is cached as null.
  const userKey = useMemo<QueryKey>(() => trpc.user.get.queryKey(), [trpc]);

  const userQuery = useQuery<TUser | null>({
    queryKey: userKey,
    queryFn: async ({ signal }) => {
      try {
        return await client.user.get.query(undefined, { signal });
      } catch (err) {
        // 401 is the normal signed-out answer, not a failure.
        if (errorStatus(err) === 401) return null;
        throw err;
      }
    },
    // A viewer with a linked Twitch name earns coins with no action of their own. The server pushes
    // each reward over /ws (balance_changed); coming back to the tab also re-reads the balance, in
    // case the socket was down when a reward was paid.
    refetchOnWindowFocus: (query) => (query.state.data?.twitchUsername ? 'always' : false),
  });

  const setUser = useCallback((user: TUser | null) => queryClient.setQueryData(userKey, user), [queryClient, userKey]);

  const login = useMutation({
    mutationFn: (input: { username: string; password: string }) => client.auth.login.mutate(input),
    onSuccess: (user) => setUser(user),
  });
  const register = useMutation({
    mutationFn: (input: { username: string; password: string }) => client.auth.register.mutate(input),
    onSuccess: (user) => setUser(user),
  });
  const logout = useMutation({
    mutationFn: async () => {
      await client.auth.logout.mutate();
    },
    onSuccess: async () => {
      // Leave any login-required page first (synchronously), so its guard never bounces us to /auth.
      // A synchronous render must not wait for a chunk (the layout has no Suspense boundary for
      // pages), so the home page's comes first; should it fail, the route's error page says so.
      await HomePage.preload().catch(() => undefined);
      await navigate('/', { flushSync: true });
      setUser(null);
      const keep = hashKey(userKey);
      queryClient.removeQueries({ predicate: (q) => q.queryHash !== keep });
    },
  });

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data,
      isLoading: userQuery.isLoading,
      // Only a failed first load is an error: a failed background re-read keeps the account shown.
      error: userQuery.isLoadingError ? userQuery.error : null,
      refetch: () => void userQuery.refetch(),
      setUser,
      login,
      register,
      logout,
    }),
    [
      userQuery.data,
      userQuery.isLoading,
      userQuery.isLoadingError,
      userQuery.error,
      userQuery.refetch,
      setUser,
      login,
      register,
      logout,
    ],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
