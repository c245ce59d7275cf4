import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  loadSection,
  loadTimeline,
  sectionCount,
  thumbUrl,
  type Section,
  type Session,
  type Tile,
} from './api';
import { estimateHeight, justify, MONTH_CHROME } from './rows';

/** Horizontal padding of a month block (style.css .month). */
const PADDING_X = 24 + 88;

/** Loaded sections, kept for the page's life (a query cache would do the same). */
const loaded = new Map<string, Tile[]>();
const keyOf = (s: Section) => `${s.year}-${s.month}-${s.startDay}`;

const monthFormat = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** What the bench reads from the page. */
export interface DomGridProbe {
  sections: number;
  totalSize: number;
  scrollHeight: number;
}

/**
 * The timeline the way a React developer would build it: @tanstack/react-virtual over month
 * blocks, each block fetching its files when it mounts and rendering rows of <img> tiles.
 */
export function DomGrid({ session }: { session: Session }) {
  const [timeline, setTimeline] = useState<{ job: string; sections: Section[] } | null>(null);
  const [width, setWidth] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    loadTimeline(session).then(setTimeline, (error: unknown) => console.error(error));
  }, [session]);

  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return undefined;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth - PADDING_X));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const sections = timeline?.sections ?? [];
  const virtualizer = useVirtualizer({
    count: sections.length,
    getScrollElement: () => scroller.current,
    estimateSize: (index) => estimateHeight(sectionCount(sections[index]), width),
    overscan: 2,
  });

  useEffect(() => {
    (window as unknown as { __domGrid: DomGridProbe }).__domGrid = {
      sections: sections.length,
      totalSize: virtualizer.getTotalSize(),
      scrollHeight: scroller.current?.scrollHeight ?? 0,
    };
  });

  return (
    <div ref={scroller} className="dom-grid" data-testid="dom-grid">
      <div className="dom-grid__inner" style={{ height: virtualizer.getTotalSize() }}>
        {timeline && width > 0
          ? virtualizer.getVirtualItems().map((item) => (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="month"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <MonthBlock
                  session={session}
                  job={timeline.job}
                  section={sections[item.index]}
                  width={width}
                />
              </div>
            ))
          : null}
      </div>
    </div>
  );
}

function MonthBlock(props: { session: Session; job: string; section: Section; width: number }) {
  const { session, job, section, width } = props;
  const [tiles, setTiles] = useState(() => loaded.get(keyOf(section)) ?? null);

  useEffect(() => {
    if (tiles) return undefined;
    const controller = new AbortController();
    loadSection(session, job, section, controller.signal).then(
      (result) => {
        loaded.set(keyOf(section), result);
        setTiles(result);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [session, job, section, tiles]);

  const rows = useMemo(() => (tiles ? justify(tiles, width) : null), [tiles, width]);
  const days =
    section.startDay === 1 && section.endDay >= 28 ? '' : ` ${section.startDay}–${section.endDay}`;
  return (
    <>
      <h2 className="month__title">
        {monthFormat.format(Date.UTC(section.year, section.month - 1, 1))}
        {days}
      </h2>
      {rows ? (
        rows.map((row, r) => (
          <div className="row" key={r}>
            {row.tiles.map((tile) => (
              <img
                key={tile.id}
                src={thumbUrl(session, job, tile.id)}
                width={Math.floor(tile.width)}
                height={Math.round(row.height)}
                loading="lazy"
                decoding="async"
                alt=""
              />
            ))}
          </div>
        ))
      ) : (
        <div
          className="month__placeholder"
          data-loading=""
          style={{ height: estimateHeight(sectionCount(section), width) - MONTH_CHROME }}
        />
      )}
    </>
  );
}
