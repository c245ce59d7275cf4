import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import {
  GalleryView,
  type GalleryEngineState,
  type ItemPosition,
  type GalleryViewProps,
  type GridMetrics,
} from '../../gallery';
import { firstScreenShown } from '../../platform/afterStart';
import { useBreakpoint, type Breakpoint } from '../../state/viewport';
import { Button } from '../../ui/Button';
import { MessagePage } from '../../ui/MessagePage';
import { Spinner } from '../../ui/Spinner';
import { RequireLogin } from '../auth';
import { insetsFor, metricsFor, squareMetricsFor } from './gridInsets';
import { windowMayBeAwayFromTop } from '../../platform/windowScroll';
import { useGridEngine, type GridEngineSetup } from './useGalleryEngine';
import { useLastSeen } from './useLastSeen';
import './GridPage.css';

// The frame every grid page shares (the timeline, an album and its visitor page, the trash, the
// pickers): a page is its source, what stands above the grid, its tiles' menu and badge, its
// actions and its viewer, over this frame.

/** A grid page's route component: `Page` once signed in (SPEC §2: these pages require login). */
export function signedIn(
  Page: ComponentType,
  { autoLoginOnFile = false }: { autoLoginOnFile?: boolean } = {},
): ComponentType {
  return function SignedInPage() {
    // A link to one file (/photos/{fileId}) starts the sign-in itself.
    const { fileId } = useParams();
    return (
      <RequireLogin autoLogin={autoLoginOnFile && fileId !== undefined}>
        <Page />
      </RequireLogin>
    );
  };
}

export interface GridPageSetup extends Omit<GridEngineSetup, 'metrics' | 'breakpoint'> {
  /** Square tiles (an album's grid view) rather than each photo's own shape. */
  squareTiles?: boolean;
  /** Always selecting: a click toggles rather than opens (a picker, the trash). */
  selecting?: boolean;
  /** SPEC §5 "Photo selection max" while selecting; null for none. */
  selectionMaximum?: number | null;
}

export interface GridPageState extends GalleryEngineState {
  breakpoint: Breakpoint;
  metrics: GridMetrics;
  insets: { left: number; right: number };
  /** A file opened from the grid: the job's last seen element (SPEC §3). */
  opened: (position: ItemPosition) => void;
}

/**
 * The page's engine, with the breakpoint's metrics and insets (the device class is fixed), and
 * the job's last seen element (SPEC §3): kept under the content key while the grid shows, brought
 * back when the page comes again in this session.
 */
export function useGridPage({
  squareTiles = false,
  selecting = false,
  selectionMaximum = null,
  ...setup
}: GridPageSetup): GridPageState {
  const breakpoint = useBreakpoint();
  const metrics = squareTiles ? squareMetricsFor(breakpoint) : metricsFor(breakpoint);
  const insets = useMemo(() => insetsFor(breakpoint), [breakpoint]);
  const state = useGridEngine({ ...setup, metrics, breakpoint });
  const { engine } = state;
  const opened = useLastSeen(engine, state.load, setup.contentKey);
  useFirstScreenShown(engine, state.load);
  useEffect(() => {
    if (!engine || !selecting) return;
    engine.selection.maximum = selectionMaximum;
    engine.selection.enterSelectionMode();
  }, [engine, selecting, selectionMaximum]);
  return { ...state, breakpoint, metrics, insets, opened };
}

/**
 * Says when the grid's first screen is full (platform/afterStart: the calls no first screen
 * needs wait for it), or that it will not be: empty, failed, or the page left.
 */
function useFirstScreenShown(engine: GridPageState['engine'], load: GridPageState['load']) {
  useEffect(() => firstScreenShown, []);
  useEffect(() => {
    if (load === 'empty' || load === 'error') {
      firstScreenShown();
      return undefined;
    }
    if (!engine) return undefined;
    const stop = engine.onFrame(() => {
      if (!engine.screenFilled) return;
      firstScreenShown();
      stop();
    });
    return stop;
  }, [engine, load]);
}

type Dataset = Record<string, string | null | undefined>;

const dataAttributes = (dataset: Dataset = {}) =>
  Object.fromEntries(Object.entries(dataset).map(([key, value]) => [`data-${key}`, value]));

/** A layer over the grid: see-through to clicks unless `interactive`. */
export function GridOverlay({
  testId,
  interactive = false,
  dataset,
  children,
}: {
  testId?: string;
  interactive?: boolean;
  dataset?: Dataset;
  children: ReactNode;
}) {
  const className = interactive
    ? 'timeline-page__overlay timeline-page__overlay--interactive'
    : 'timeline-page__overlay';
  return (
    <div className={className} data-testid={testId} {...dataAttributes(dataset)}>
      {children}
    </div>
  );
}

/** The grid's empty state: a title and a line over the (empty) grid. */
export function EmptyGrid({
  title,
  body,
  ...overlay
}: {
  title: string;
  body: string;
  testId: string;
  interactive?: boolean;
  dataset?: Dataset;
}) {
  return (
    <GridOverlay {...overlay}>
      <MessagePage title={title}>
        <p>{body}</p>
      </MessagePage>
    </GridOverlay>
  );
}

export interface RetryPageProps {
  testId: string;
  title: string;
  body?: string;
}

/** A failed load as a whole page, with Retry. */
export function RetryPage({
  testId,
  title,
  body,
  onRetry,
}: RetryPageProps & { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      testId={testId}
      title={title}
      actions={
        <Button variant="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {body ? <p>{body}</p> : null}
    </MessagePage>
  );
}

/** The bar row above the grid (its own look by `className`). */
export function GridBar({ className, children }: { className?: string; children?: ReactNode }) {
  return (
    <div className={className ? `timeline-page__bar ${className}` : 'timeline-page__bar'}>
      {children}
    </div>
  );
}

export interface GridPageProps extends Omit<
  GalleryViewProps,
  'engine' | 'metrics' | 'insets' | 'tv'
> {
  grid: GridPageState;
  testId: string;
  /** More classes beside `timeline-page`. */
  className?: string;
  /** More `data-*` attributes of the page (data-load is the frame's). */
  dataset?: Dataset;
  onPointerDownCapture?: () => void;
  /** What stands above the grid: a header, a GridBar. */
  bar?: ReactNode;
  /** Shown over the grid instead of the loading spinner (a failure the page retries itself). */
  overlay?: ReactNode;
  loadingLabel?: string;
  /** Over the grid when it has nothing to show. */
  empty?: ReactNode;
  /** A failed load as a whole page with Retry (the engine built again); unset, none. */
  error?: RetryPageProps | null;
  /** The viewer over the grid: shown once the grid has loaded. */
  viewer?: ReactNode;
  /** Dialogs and the rest, after the viewer. */
  children?: ReactNode;
}

/**
 * The frame fills the window below the sticky top navigation only with the window at its top (the
 * footer sits below the fold). The app keeps the window's scroll from page to page, so a grid
 * page reached from a page scrolled down (settings, the plans) opened that far down: its bar and
 * its first row's check marks under the top navigation, where a click lands on the navigation.
 */
function openAtTheWindowsTop(): void {
  // Its offsets only when it may have moved: reading them lays the page out (windowScroll.ts).
  if (!windowMayBeAwayFromTop()) return;
  if (window.scrollY !== 0 || window.scrollX !== 0) window.scrollTo(0, 0);
}

/**
 * The frame: the failed-load page, else the `timeline-page` section with `bar` above the grid,
 * GalleryView with the page's label, tile actions and badges, the loading spinner (or
 * `overlay`), `empty`, then the viewer and `children`.
 */
export function GridPage({
  grid,
  testId,
  className,
  dataset,
  onPointerDownCapture,
  bar,
  overlay,
  loadingLabel,
  empty,
  error,
  viewer,
  children,
  onOpen,
  ...view
}: GridPageProps) {
  const { t } = useTranslation();
  const { engine, load, breakpoint, metrics, insets, opened } = grid;
  useLayoutEffect(openAtTheWindowsTop, []);
  const open = useCallback(
    (fileId: string, position: ItemPosition) => {
      opened(position);
      onOpen?.(fileId, position);
    },
    [opened, onOpen],
  );
  if (load === 'error' && error) return <RetryPage {...error} onRetry={grid.reload} />;
  return (
    <section
      className={className ? `timeline-page ${className}` : 'timeline-page'}
      data-testid={testId}
      data-load={load}
      {...dataAttributes(dataset)}
      onPointerDownCapture={onPointerDownCapture}
    >
      {bar}
      <div className="timeline-page__grid">
        {engine ? (
          <GalleryView
            engine={engine}
            metrics={metrics}
            insets={insets}
            tv={breakpoint === 'tv'}
            onOpen={onOpen ? open : undefined}
            {...view}
          />
        ) : null}
        {overlay ??
          (load === 'loading' || !engine ? (
            <GridOverlay>
              <Spinner label={loadingLabel ?? t('common.loading')} />
            </GridOverlay>
          ) : null)}
        {load === 'empty' ? empty : null}
      </div>
      {load !== 'loading' ? viewer : null}
      {children}
    </section>
  );
}
