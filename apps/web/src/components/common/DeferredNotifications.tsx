import { lazy, Suspense, startTransition, useEffect, useState } from 'react';

// A module of our own: importing the package itself here would pull it all into the entry chunk,
// where lib/notify.ts already needs its (small) store.
const ToastContainer = lazy(() => import('./ToastContainer').then((m) => ({ default: m.ToastContainer })));

/**
 * Mantine's toast container (with its transition code, about 8 KB gzip) mounts after the first
 * paint, in its own chunk. Toasts raised earlier wait in Mantine's store and show once it mounts.
 */
export function DeferredNotifications() {
  const [mounted, setMounted] = useState(false);
  // A transition: the render that mounts it yields to the browser, instead of joining the one long
  // render every other effect's update gets right after the page is adopted.
  useEffect(() => startTransition(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
