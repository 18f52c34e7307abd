import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import classes from './queue.module.css';
import { rowOffsets, visibleRange } from './virtual-window';

interface Props<Row extends { key: string }> {
  rows: readonly Row[];
  /** Each row's fixed height in pixels: the list never measures, so 1,000 rows cost what 20 do. */
  heightOf: (row: Row) => number;
  renderRow: (row: Row) => ReactNode;
  label: string;
}

/** A scroll box that renders only the rows in view, plus a few either side. */
export function WindowedList<Row extends { key: string }>({ rows, heightOf, renderRow, label }: Props<Row>) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  // Until the box is measured, assume a tall screen: a few rows too many, never a blank gap.
  const [height, setHeight] = useState(1000);

  useEffect(() => {
    const box = viewport.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setHeight(box.clientHeight));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  const offsets = useMemo(() => rowOffsets(rows.map(heightOf)), [rows, heightOf]);
  const { start, end } = visibleRange(offsets, scrollTop, height);

  return (
    <section
      ref={viewport}
      className={classes.viewport}
      aria-label={label}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className={classes.canvas} style={{ height: offsets.at(-1) ?? 0 }}>
        {rows.slice(start, end).map((row, i) => (
          <div key={row.key} className={classes.slot} style={{ top: offsets[start + i] ?? 0, height: heightOf(row) }}>
            {renderRow(row)}
          </div>
        ))}
      </div>
    </section>
  );
}
