/**
 * The grid's keys as a shortcut list shows them (the `?` sheet): what KeyboardController
 * handles, by action. Key caps are printed as given, except 'space', 'arrows' and 'contextMenu',
 * which the page translates. keyboardShortcuts.test.ts presses every key listed here on a real
 * engine, so a list cannot promise a key the grid ignores.
 */
export const GRID_SHORTCUTS = [
  { action: 'move', keys: [['arrows']] },
  { action: 'extend', keys: [['Shift', 'arrows']] },
  { action: 'open', keys: [['Enter']] },
  { action: 'toggle', keys: [['space'], ['X']] },
  { action: 'selectAll', keys: [['Ctrl/Cmd', 'A']] },
  { action: 'leaveSelection', keys: [['Esc']] },
  { action: 'delete', keys: [['Delete']] },
  { action: 'month', keys: [['M'], ['Shift', 'M']] },
  { action: 'year', keys: [['Y'], ['Shift', 'Y']] },
  { action: 'firstLast', keys: [['Home'], ['End']] },
  { action: 'zoom', keys: [['+'], ['-']] },
  { action: 'page', keys: [['Page Up'], ['Page Down']] },
  { action: 'menu', keys: [['contextMenu'], ['Shift', 'F10']] },
] as const satisfies readonly { action: string; keys: readonly (readonly string[])[] }[];

export type GridShortcutAction = (typeof GRID_SHORTCUTS)[number]['action'];

/** The DOM key values a key cap stands for (what KeyboardController reads); others are as is. */
export const KEY_VALUES: Readonly<Record<string, readonly string[]>> = {
  arrows: ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'],
  space: [' '],
  Esc: ['Escape'],
  'Page Up': ['PageUp'],
  'Page Down': ['PageDown'],
  contextMenu: ['ContextMenu'],
};
