import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isRecents, RECENTS_WINDOWS, recentsFilter, type TimelineFilter } from '../photoGrid';
import './TimelineFilters.css';

/** The top-level choices; "recents" opens the window choice (SPEC §9 windows 1, 7, 30 days). */
const CHOICES = ['all', 'only_images', 'only_videos', 'screenshots', 'recents'] as const;
export type FilterChoice = (typeof CHOICES)[number];

export interface TimelineFiltersProps {
  filter: TimelineFilter;
  /** A filter, or 'recents' (the page picks the default window once recents are loaded). */
  onChange: (choice: TimelineFilter | 'recents') => void;
  /** "Recently added" was chosen and its window is being picked: its chip shows chosen. */
  recentsPending?: boolean;
}

/**
 * SPEC §2 timeline filters as native radio groups styled as chips: Tab reaches the group, the
 * arrow keys move between choices and select them, labels are translated.
 */
export function TimelineFilters({ filter, onChange, recentsPending }: TimelineFiltersProps) {
  const { t } = useTranslation();
  const name = useId();
  const current: FilterChoice = recentsPending || isRecents(filter) ? 'recents' : filter;
  return (
    <div className="timeline-filters" data-testid="timeline-filters">
      <div
        className="timeline-filters__group"
        role="radiogroup"
        aria-label={t('timeline.filters.label')}
      >
        {CHOICES.map((choice) => (
          <label
            key={choice}
            className="timeline-filters__chip"
            data-checked={choice === current || undefined}
          >
            <input
              type="radio"
              name={`${name}-filter`}
              value={choice}
              checked={choice === current}
              data-testid={`filter-${choice}`}
              onChange={() => onChange(choice)}
            />
            <span>{t(`timeline.filters.${choice}`)}</span>
          </label>
        ))}
      </div>
      {isRecents(filter) ? (
        <div
          className="timeline-filters__group"
          role="radiogroup"
          aria-label={t('timeline.filters.recentsLabel')}
        >
          {RECENTS_WINDOWS.map((days) => {
            const value = recentsFilter(days);
            return (
              <label
                key={value}
                className="timeline-filters__chip timeline-filters__chip--small"
                data-checked={value === filter || undefined}
              >
                <input
                  type="radio"
                  name={`${name}-recents`}
                  value={value}
                  checked={value === filter}
                  data-testid={`filter-${value}`}
                  onChange={() => onChange(value)}
                />
                <span>{t(`timeline.filters.${value}`)}</span>
              </label>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
