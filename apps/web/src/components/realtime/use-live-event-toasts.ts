import { useEffect } from 'react';
import { useAuth } from '../../auth/AuthContext';
import { notify } from '../../lib/notify';
import { liveEventToast } from './live-event-toast';
import { liveToastsMuted } from './live-toast-setting';
import { ownActionInFlight } from './own-actions';
import { useRealtimeFeed } from './RealtimeContext';
import { isActivity } from './realtime-messages';

/**
 * While the calling page is open, every public trigger (and, for admins, every test) shows as a
 * toast, unless the viewer muted them in the profile. It never pushes out a toast about the viewer's
 * own doing (notify.ambient), and skips what this tab itself just sent.
 */
export function useLiveEventToasts(): void {
  const { subscribe } = useRealtimeFeed();
  const isAdmin = useAuth().user?.isAdmin ?? false;
  useEffect(
    () =>
      subscribe((message) => {
        if (!isActivity(message) || liveToastsMuted() || ownActionInFlight()) return;
        const toast = liveEventToast(message, isAdmin);
        if (toast) notify.ambient(toast);
      }),
    [subscribe, isAdmin],
  );
}
