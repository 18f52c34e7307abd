import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../auth/AuthContext';
import { useTRPC } from '../../trpc';

/** The signed-in user's ledger, newest first. viewer-spec section 6: fetched only when logged in. */
export function useTransactions() {
  const trpc = useTRPC();
  const { user } = useAuth();
  return useQuery(trpc.transactions.list.queryOptions(undefined, { enabled: Boolean(user) }));
}
