import { useEffect, useRef, useState } from 'react';

/** True for `ms` after `value` differs from the last value seen; the first value never highlights. */
export function useHighlightOnChange(value: number, ms: number): boolean {
  const lastSeen = useRef(value);
  const [highlighted, setHighlighted] = useState(false);

  useEffect(() => {
    if (lastSeen.current === value) return;
    lastSeen.current = value;
    setHighlighted(true);
    const timer = setTimeout(() => setHighlighted(false), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);

  return highlighted;
}
