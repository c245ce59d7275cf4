/**
 * A tile's label: one text, or its forms from the fullest to the shortest ("85 days left",
 * "85 d"), of which a badge shows the fullest that fits its tile.
 */
export type TileLabel = string | readonly string[];

/** The fullest form (what a screen reader reads). */
export function fullLabel(label: TileLabel): string {
  return typeof label === 'string' ? label : (label[0] ?? '');
}

/**
 * The form of `label` a badge shows in `room` CSS pixels, by `measure` (a badge's width with
 * that text): the fullest that fits, else the shortest, which the badge then clips to the room
 * (issue 34.6: a badge wider than its narrow tile ran over the next tile, whose badge covered
 * it — in Bulgarian, "Остават 85 дни", right over the number). `fits` says whether it fitted.
 */
export function fitLabel(
  label: TileLabel,
  room: number,
  measure: (text: string) => number,
): { text: string; fits: boolean } {
  const forms = typeof label === 'string' ? [label] : label;
  for (const text of forms) if (measure(text) <= room) return { text, fits: true };
  return { text: forms[forms.length - 1] ?? '', fits: false };
}
