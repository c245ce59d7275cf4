import { useCallback } from 'react';
import type { GalleryEngine } from '../engine/GalleryEngine';
import type { VisibleTile } from '../engine/render/TileComposer';
import { FILE_KIND } from '../engine/timeline/TimelineSource';
import type { TileLabel } from './badgeFit';
import { formatDuration } from './formatDuration';
import { TileBadges } from './TileBadges';
import './GalleryView.css';

/** Duration badges in the top-right corner of the visible video tiles. */
export function VideoBadges({ engine }: { engine: GalleryEngine }) {
  const text = useCallback(
    (tile: VisibleTile) =>
      tile.kind === FILE_KIND.video
        ? formatDuration(engine.timeline.sections[tile.section]?.files?.durations[tile.item] ?? 0)
        : null,
    [engine],
  );
  return (
    <TileBadges engine={engine} text={text} corner="top-right" className="gallery-badges__badge" />
  );
}

/** A page's own label in the bottom-left corner of the tiles it names (the trash's days left). */
export function FileBadges({
  engine,
  labelOf,
}: {
  engine: GalleryEngine;
  labelOf: (fileId: string) => TileLabel | null;
}) {
  const text = useCallback(
    (tile: VisibleTile) => {
      const id = engine.timeline.fileId(tile.section, tile.item);
      return id ? labelOf(id) : null;
    },
    [engine, labelOf],
  );
  return (
    <TileBadges
      engine={engine}
      text={text}
      corner="bottom-left"
      className="gallery-badges__badge gallery-badges__badge--label"
    />
  );
}
