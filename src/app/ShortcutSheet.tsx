import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  registerShortcuts,
  TRANSLATED_KEYS,
  useShortcutGroups,
  type ShortcutGroup,
  type ShortcutKey,
} from '../platform/shortcuts';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import './shortcutSheet.css';

/** Between the keys of a combination. */
const PLUS = '+';

/** The keys that work everywhere in the app. */
const GLOBAL_SHORTCUTS: ShortcutGroup = {
  id: 'global',
  title: 'shortcuts.groups.global',
  shortcuts: [
    { keys: [['?']], label: 'shortcuts.global.help' },
    { keys: [['Esc']], label: 'shortcuts.global.close' },
    { keys: [['Tab'], ['Shift', 'Tab']], label: 'shortcuts.global.tab' },
  ],
};

/** Typing a `?` into a field is text, not a request for help. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (!(target instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(
    target.type,
  );
}

/**
 * The keyboard shortcut sheet: `?` (Shift+/) anywhere outside a text field opens it, Escape
 * closes it. It lists the global keys and those of whatever registered its own (the photo grid
 * while the timeline shows; see platform/shortcuts.ts).
 */
export function ShortcutSheet() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const groups = useShortcutGroups();

  useEffect(() => registerShortcuts(GLOBAL_SHORTCUTS), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '?' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.defaultPrevented || isTextEntry(event.target)) return;
      // Another dialog has the keyboard: the sheet does not stack on it.
      if (document.querySelector('dialog[open]')) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const keyCap = (key: ShortcutKey) =>
    (TRANSLATED_KEYS as readonly string[]).includes(key)
      ? t(`shortcuts.key.${key as (typeof TRANSLATED_KEYS)[number]}`)
      : key;

  return (
    <Dialog
      open={open}
      width={640}
      title={t('shortcuts.title')}
      onClose={() => setOpen(false)}
      actions={
        <Button variant="primary" onClick={() => setOpen(false)}>
          {t('shortcuts.close')}
        </Button>
      }
    >
      {/* Focusable: it scrolls on small screens, and the keyboard must be able to scroll it. */}
      <div className="shortcut-sheet" data-testid="shortcut-sheet" tabIndex={0}>
        {open
          ? groups.map((group) => (
              <section key={group.id} className="shortcut-sheet__group">
                <h3 className="shortcut-sheet__title">{t(group.title)}</h3>
                <dl className="shortcut-sheet__list">
                  {group.shortcuts.map((shortcut) => (
                    <div key={shortcut.label} className="shortcut-sheet__row">
                      <dt className="shortcut-sheet__keys">
                        {shortcut.keys.map((combo, alternative) => (
                          <Fragment key={combo.join('+')}>
                            {alternative > 0 ? (
                              <span className="shortcut-sheet__or">{t('shortcuts.or')}</span>
                            ) : null}
                            {combo.map((key, index) => (
                              <Fragment key={key}>
                                {index > 0 ? <span aria-hidden="true">{PLUS}</span> : null}
                                <kbd>{keyCap(key)}</kbd>
                              </Fragment>
                            ))}
                          </Fragment>
                        ))}
                      </dt>
                      <dd className="shortcut-sheet__label">{t(shortcut.label)}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))
          : null}
      </div>
    </Dialog>
  );
}
