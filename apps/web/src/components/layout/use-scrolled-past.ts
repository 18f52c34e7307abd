import { useEffect, useState } from 'react';

/**
 * Whether the window is scrolled further down than `px`. Unlike useWindowScroll, which stores every
 * position, the state changes only when the line is crossed: the header renders again twice per
 * scroll past the line, not on every scroll event, nor once more after it is adopted at the top.
 */
export function useScrolledPast(px: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}
