/**
 * The library's tabs and tool items are <div>s with aria-selected and a click handler: no role,
 * not focusable, no keys (axe: aria-allowed-attr; and no keyboard access), and its crop-preset
 * button has no name. Until the library fixes them, this gives them what they lack, on every
 * render (a MutationObserver, since the library re-creates them and re-sets aria-selected):
 * the tabs become tabs of a tablist; the tools, buttons of a toolbar, pressed (aria-pressed) when
 * selected; all focusable and pressed with Enter or Space. The crop tool, whose presets button is
 * its control, only loses its stray aria-selected. Nothing here changes what they do.
 */
const TABS = '.FIE_tab';
const TOOLS = '.FIE_tools-item-wrapper > div';
const ACTIVATED = `${TABS}, ${TOOLS}`;

function makeFocusable(item: HTMLElement, role: string): void {
  if (item.getAttribute('role') !== role) item.setAttribute('role', role);
  if (item.tabIndex !== 0) item.tabIndex = 0;
}

function repair(root: HTMLElement, labels: { cropPresets: string }): void {
  for (const list of root.querySelectorAll<HTMLElement>('.FIE_tabs')) {
    if (list.getAttribute('role') !== 'tablist') list.setAttribute('role', 'tablist');
  }
  for (const tab of root.querySelectorAll<HTMLElement>(TABS)) makeFocusable(tab, 'tab');
  for (const list of root.querySelectorAll<HTMLElement>('.FIE_tools-items')) {
    if (list.getAttribute('role') !== 'toolbar') list.setAttribute('role', 'toolbar');
  }
  // The list items between the toolbar and its buttons are layout only.
  for (const wrapper of root.querySelectorAll<HTMLElement>('.FIE_tools-item-wrapper')) {
    if (wrapper.getAttribute('role') !== 'none') wrapper.setAttribute('role', 'none');
  }
  for (const tool of root.querySelectorAll<HTMLElement>(TOOLS)) {
    const selected = tool.getAttribute('aria-selected');
    if (selected !== null) tool.removeAttribute('aria-selected');
    if (tool.querySelector('button')) continue;
    makeFocusable(tool, 'button');
    if (selected !== null) tool.setAttribute('aria-pressed', selected);
  }
  const presets = root.querySelector<HTMLElement>('.FIE_crop-presets-opener-button');
  if (presets && presets.getAttribute('aria-label') !== labels.cropPresets) {
    presets.setAttribute('aria-label', labels.cropPresets);
  }
}

export function repairLibraryA11y(root: HTMLElement, labels: { cropPresets: string }): () => void {
  repair(root, labels);
  const observer = new MutationObserver(() => repair(root, labels));
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-selected'],
  });
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const item = (event.target as HTMLElement | null)?.closest<HTMLElement>(ACTIVATED);
    if (!item || item.querySelector('button')) return;
    event.preventDefault();
    item.click();
  };
  root.addEventListener('keydown', onKey);
  return () => {
    observer.disconnect();
    root.removeEventListener('keydown', onKey);
  };
}
