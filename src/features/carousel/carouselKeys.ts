import type { ShortcutGroup } from '../../platform/shortcuts';

/** The viewer's keys, listed in the `?` sheet while it is open. */
export const CAROUSEL_SHORTCUTS: ShortcutGroup = {
  id: 'carousel',
  title: 'carousel.shortcuts.title',
  shortcuts: [
    { keys: [['←'], ['→']], label: 'carousel.shortcuts.step' },
    { keys: [['Esc']], label: 'carousel.shortcuts.close' },
    { keys: [['+'], ['-'], ['0']], label: 'carousel.shortcuts.zoom' },
    { keys: [['F']], label: 'carousel.shortcuts.fullscreen' },
    { keys: [['I']], label: 'carousel.shortcuts.info' },
    { keys: [['space'], ['K']], label: 'carousel.shortcuts.playPause' },
    { keys: [['J'], ['L']], label: 'carousel.shortcuts.seek' },
    { keys: [['Delete']], label: 'carousel.shortcuts.delete' },
  ],
};

/** Keys typed into a field (a comment) are text, not commands. */
export function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}
