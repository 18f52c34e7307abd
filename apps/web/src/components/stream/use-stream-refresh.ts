import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessage } from '../../lib/errors';
import { notify } from '../../lib/notify';
import { useTRPC } from '../../trpc';
import { cooldownSecondsLeft } from '../actions/cooldown';

/** viewer-spec section 7: POST /api/twitch/refresh at most once per 5 s (the server refuses sooner too). */
export const STREAM_REFRESH_COOLDOWN_MS = 5_000;

/** The page reloads after a refresh, so the time of the last one outlives the page in sessionStorage. */
const KEY = 'streamRefreshedAt';

function lastRefreshAt(): number | null {
  try {
    const value = Number(sessionStorage.getItem(KEY));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function rememberRefresh(at: number): void {
  try {
    sessionStorage.setItem(KEY, String(at));
  } catch {
    // Without storage the server's own 5 s limit still holds.
  }
}

/**
 * The stream's refresh control: asks the server to read Twitch now, then reloads the page, as
 * viewer-spec section 7 says. A second click within 5 s says how long to wait instead.
 */
export function useStreamRefresh() {
  const trpc = useTRPC();
  const mutation = useMutation(
    trpc.twitch.refresh.mutationOptions({
      onSuccess: () => window.location.reload(),
      // A 429 carries the server's 'Please wait N seconds before refreshing again'.
      onError: (err) => notify.error('Could not refresh the stream', errorMessage(err)),
    }),
  );
  const { mutate, isPending, isSuccess } = mutation;
  const refresh = useCallback(() => {
    const wait = cooldownSecondsLeft(lastRefreshAt(), Date.now(), STREAM_REFRESH_COOLDOWN_MS);
    if (wait > 0) {
      notify.error(`Please wait ${wait} seconds before refreshing again`);
      return;
    }
    rememberRefresh(Date.now());
    mutate();
  }, [mutate]);
  // Still busy after success: the reload is on its way.
  return { refresh, busy: isPending || isSuccess };
}
