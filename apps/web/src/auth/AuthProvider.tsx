import type { TUser } from '@shop/domain';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import { errorStatus } from '../lib/errors';
import { useTRPC, useTRPCClient } from '../trpc';
import { AuthContext, type AuthContextValue } from './AuthContext';

export function AuthProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
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

  const value = useMemo<AuthContextValue>(
    () => ({
      user: userQuery.data,
      isLoading: userQuery.isLoading,
      // Only a failed first load is an error: a failed background re-read keeps the account shown.
      error: userQuery.isLoadingError ? userQuery.error : null,
      refetch: () => void userQuery.refetch(),
      setUser,
    }),
    [userQuery.data, userQuery.isLoading, userQuery.isLoadingError, userQuery.error, userQuery.refetch, setUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
