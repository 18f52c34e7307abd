import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether this browser shows the live-event toasts (viewer-spec section 8, 'Action triggered: ...').
 * A preference of the device, not of the account, like the theme: kept in localStorage.
 */
const KEY = 'liveToasts';
const MUTED = 'muted';
/** Same-tab listeners: the 'storage' event only reaches other tabs. */
const CHANGED = 'live-toasts-changed';

export function liveToastsMuted(): boolean {
  try {
    return localStorage.getItem(KEY) === MUTED;
  } catch {
    // Storage blocked (private mode, a sandboxed frame): the default, toasts on.
    return false;
  }
}

export function setLiveToastsMuted(muted: boolean): void {
  try {
    if (muted) localStorage.setItem(KEY, MUTED);
    else localStorage.removeItem(KEY);
  } catch {
    // Not kept, but nothing else to do about it.
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

/** The setting and its setter; false while prerendering, where there is no storage. */
export function useLiveToastsMuted(): [boolean, (muted: boolean) => void] {
  const muted = useSyncExternalStore(subscribe, liveToastsMuted, () => false);
  return [muted, useCallback(setLiveToastsMuted, [])];
}
