import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../trpc';

/** viewer-spec section 9: social content is refetched every 30 minutes. */
export const SOCIAL_REFETCH_MS = 30 * 60_000;

/** viewer-spec section 8, word for word. */
export const SOCIAL_ERROR_TEXT =
  'Could not load social media content. Please check your connection or try again later.';

export function useSocialContent() {
  const trpc = useTRPC();
  return useQuery(trpc.social.get.queryOptions(undefined, { refetchInterval: SOCIAL_REFETCH_MS }));
}
