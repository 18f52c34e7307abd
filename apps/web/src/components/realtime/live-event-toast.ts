import { formatNumber } from '@shop/domain';
import { type ActivityMessage, activityName } from './realtime-messages';

export interface LiveEventToast {
  title: string;
  message: string;
  color: 'blue' | 'green' | 'red';
}

/**
 * What a live feed event says as a toast (viewer-spec section 8), or null when it says nothing: an
 * event replayed on connect is old news, and a test is news for admins only.
 */
export function liveEventToast(event: ActivityMessage, viewerIsAdmin: boolean): LiveEventToast | null {
  if (event.replay) return null;
  const who = activityName(event);
  if (event.type === 'action_triggered') {
    return {
      title: `Action triggered: ${event.action.name}`,
      message: `${who} spent ${formatNumber(event.action.cost)} coins`,
      color: 'blue',
    };
  }
  if (!viewerIsAdmin) return null;
  return {
    title: 'Action tested',
    message: `${who} tested ${event.action.name}: ${event.success ? 'success' : 'failure'}`,
    color: event.success ? 'green' : 'red',
  };
}
