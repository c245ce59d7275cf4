import type { FileSelectionState } from '../selection/types';

/*
 * One float per tile tells the shader how to draw its selection: the SPEC §3 state in the low
 * two bits, then flags. Small integers are exact in float32, and GLSL 3 unpacks them with bit
 * operations. Keep in step with shaders/tile.frag.glsl.
 */

/** The pointer is over the tile: a check-mark circle shows. */
export const TILE_HOVER = 4;
/** Selection mode: every tile shows its check-mark circle. */
export const TILE_SELECTION_MODE = 8;
/** The keyboard focus is on the tile: scaled 1.15 with a focus ring. */
export const TILE_FOCUSED = 16;
/** Waiting for the server to delete it (SPEC §3 isPendingServerDelete): drawn dimmed. */
export const TILE_PENDING_DELETE = 32;

export function packTileState(selection: FileSelectionState, flags: number): number {
  return (selection & 3) | flags;
}

export function unpackTileState(value: number): {
  selection: FileSelectionState;
  hover: boolean;
  selectionMode: boolean;
  focused: boolean;
  pendingDelete: boolean;
} {
  const state = Math.round(value);
  return {
    selection: (state & 3) as FileSelectionState,
    hover: (state & TILE_HOVER) !== 0,
    selectionMode: (state & TILE_SELECTION_MODE) !== 0,
    focused: (state & TILE_FOCUSED) !== 0,
    pendingDelete: (state & TILE_PENDING_DELETE) !== 0,
  };
}
