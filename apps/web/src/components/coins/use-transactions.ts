import type { TTransactionFilter } from '@shop/domain';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthContext';
import { useTRPC } from '../../trpc';

/** The newest few ledger rows (dashboard). viewer-spec section 6: fetched only when logged in. */
export function useRecentTransactions(count: number) {
  const trpc = useTRPC();
  const { user } = useAuth();
  return useQuery(trpc.transactions.list.queryOptions({ limit: count }, { enabled: Boolean(user) }));
}

/** The whole ledger, newest first, one page at a time (/history's Load more). */
export function useTransactionPages(filter: TTransactionFilter) {
  const trpc = useTRPC();
  const { user } = useAuth();
  return useInfiniteQuery(
    trpc.transactions.list.infiniteQueryOptions(
      { filter },
      {
        enabled: Boolean(user),
        initialCursor: null,
        getNextPageParam: (last) => last.nextCursor,
      },
    ),
  );
}

/** The dashboard's stat cards, computed by the server. */
export function useUserStats() {
  const trpc = useTRPC();
  const { user } = useAuth();
  return useQuery(trpc.transactions.stats.queryOptions(undefined, { enabled: Boolean(user) }));
}
