import type { ReactNode } from 'react';
import { Icon, type IconName } from '../../ui/Icon';
import './Carousel.css';

/** The class of a viewer toolbar button: an icon in the bar, icon and label in the More menu. */
export const CAROUSEL_ACTION_CLASS = 'carousel-action';

/**
 * What a viewer toolbar button shows: its icon, and its label, which the bar keeps for screen
 * readers and tooltips only (one row of icons at 360 px) and the More menu shows beside the
 * icon. `extra` is shown in both (a count).
 */
export function ActionContent({
  icon,
  label,
  filled = false,
  extra,
}: {
  icon: IconName;
  label: ReactNode;
  filled?: boolean;
  extra?: ReactNode;
}) {
  return (
    <>
      <Icon name={icon} filled={filled} />
      <span className="carousel-action__label">{label}</span>
      {extra}
    </>
  );
}
