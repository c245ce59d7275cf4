import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../ui/Button';
import './ChoiceMenu.css';

export interface Choice<T extends string> {
  value: T;
  label: string;
}

/**
 * A button that opens an overlay of exclusive choices (SPEC §2 album list filter and sort
 * overlays, the album's sort): arrows move, Enter or a click picks, Escape or a click outside
 * closes, and the focus goes back to the button.
 */
export function ChoiceMenu<T extends string>({
  label,
  value,
  choices,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const current = choices.find((c) => c.value === value) ?? choices[0];

  useEffect(() => {
    if (!open) return undefined;
    const items = list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]');
    const checked = list.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    (checked ?? items?.[0])?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = (pick?: T) => {
    setOpen(false);
    button.current?.focus();
    if (pick !== undefined && pick !== value) onChange(pick);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const items = [
      ...(list.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []),
    ];
    const at = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') close();
    else if (event.key === 'ArrowDown') items[(at + 1) % items.length]?.focus();
    else if (event.key === 'ArrowUp') items[(at - 1 + items.length) % items.length]?.focus();
    else if (event.key === 'Home') items[0]?.focus();
    else if (event.key === 'End') items[items.length - 1]?.focus();
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  return (
    <div className="choice-menu">
      <Button
        ref={button}
        variant="ghost"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
        data-value={value}
      >
        <span className="choice-menu__label">{label}:</span> {current?.label}
      </Button>
      {open ? (
        <ul
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          className="choice-menu__list"
          onKeyDown={onKeyDown}
          data-testid={`${testId}-menu`}
        >
          {choices.map((choice) => (
            <li
              key={choice.value}
              role="menuitemradio"
              aria-checked={choice.value === value}
              tabIndex={-1}
              className="choice-menu__item"
              onClick={() => close(choice.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  close(choice.value);
                }
              }}
              data-value={choice.value}
            >
              {choice.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
