import { createContext, useContext } from 'react';
import type { ActivityMessage } from './realtime-messages';
import type { RealtimeStatus } from './use-realtime';

export interface RealtimeContextValue {
  status: RealtimeStatus;
  /** Public events, newest first (the server's backlog included). */
  activity: ActivityMessage[];
  reconnect: () => void;
  /** A Live Activity panel is on screen: connection notices are shown until the returned cleanup runs. */
  watch: () => () => void;
}

export const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export function useRealtimeFeed(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error('useRealtimeFeed must be used within a RealtimeProvider');
  return value;
}
