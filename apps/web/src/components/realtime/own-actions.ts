/**
 * Triggers and tests this tab has sent and not yet heard back about. The public feed announces them
 * to everyone, this tab included, usually before the reply arrives; the reply's own toast says more,
 * so a live-event toast for them would only flash up and be replaced.
 */
let inFlight = 0;

/** Call when the request goes out; the returned function when its reply (or failure) is in. */
export function beginOwnAction(): () => void {
  inFlight += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight -= 1;
  };
}

export function ownActionInFlight(): boolean {
  return inFlight > 0;
}
