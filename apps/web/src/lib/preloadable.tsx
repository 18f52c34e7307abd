import { type ComponentType, isValidElement, type ReactNode, use } from 'react';

/** A component in a chunk of its own, whose chunk can be fetched before it is first drawn. */
export interface Preloadable<P extends object> {
  (props: P): ReactNode;
  /** Fetches and runs the chunk; once it has settled the component draws without suspending. */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, with one difference that matters for a prerendered page: a lazy component always
 * suspends on its first draw, even when its chunk has long arrived, so React cannot adopt the
 * prerendered markup around it yet. Should anything above it change in the meantime (the session
 * arriving), React throws that markup away and draws it again, and the page's largest text then
 * counts as painted late. main.tsx preloads what the first view needs, and hydration adopts it all
 * in one pass.
 *
 * A failed download is not remembered: the next draw (the route's retry, a later visit) asks again.
 */
export function preloadable<P extends object, K extends string>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): Preloadable<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  const preload = (): Promise<void> => {
    pending ??= load().then(
      (module) => {
        Loaded = module[name];
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per chunk at module level, as React.lazy makes its components.
  function PreloadableComponent(props: P): ReactNode {
    // `use` suspends until the chunk is in, and rethrows a failed download to the error boundary.
    if (!Loaded) use(preload());
    return Loaded ? <Loaded {...props} /> : null;
  }
  PreloadableComponent.preload = preload;
  return PreloadableComponent;
}

/** Every preloadable component in an element tree (a route's element, with its guards around it). */
export function preloadablesIn(node: ReactNode): Preloadable<object>[] {
  if (!isValidElement<{ children?: ReactNode }>(node)) return [];
  const type = node.type as Partial<Preloadable<object>>;
  const own = typeof type.preload === 'function' ? [type as Preloadable<object>] : [];
  const children = node.props.children;
  const nested = Array.isArray(children) ? children.flatMap(preloadablesIn) : preloadablesIn(children);
  return [...own, ...nested];
}
