import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useRouteBuilt } from '../../platform/routesBuilt';
import { Button } from '../../ui/Button';
import { RequireLogin } from '../auth';
import './Trash.css';

/** The in-app form of a trash path keeps its prefix (SPEC §2 /_from_inside_app/...). */
function usePrefix(): string {
  return useLocation().pathname.startsWith('/_from_inside_app') ? '/_from_inside_app' : '';
}

/** SPEC §2: `fromNav=1` shows a back button (to where the trash was opened from). */
export function TrashBack() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (params.get('fromNav') !== '1') return null;
  return (
    <Button variant="ghost" onClick={() => void navigate(-1)} data-testid="trash-back">
      {t('trash.back')}
    </Button>
  );
}

/**
 * /deleted_items (and /_from_inside_app/deleted_items): the trash's two lists, photos and
 * videos, and albums — the albums entry once its page exists (issue 22: no dead ends).
 */
export default function TrashNavPage() {
  return (
    <RequireLogin>
      <TrashNav />
    </RequireLogin>
  );
}

function TrashNav() {
  const { t } = useTranslation();
  const prefix = usePrefix();
  const { search } = useLocation();
  const albumsBuilt = useRouteBuilt('/deleted_items/albums');
  return (
    <section className="trash-nav" data-testid="trash-nav">
      <TrashBack />
      <h1>{t('trash.title')}</h1>
      <p>{t('trash.note')}</p>
      <ul className="trash-nav__list">
        <li>
          <Link to={`${prefix}/deleted_items/photos${search}`} data-testid="trash-nav-photos">
            {t('trash.photosTitle')}
          </Link>
        </li>
        {albumsBuilt ? (
          <li>
            <Link to={`${prefix}/deleted_items/albums${search}`} data-testid="trash-nav-albums">
              {t('trash.albumsTitle')}
            </Link>
          </li>
        ) : null}
      </ul>
    </section>
  );
}
