import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { EmptyState } from '../empty-state/index';
import { usePageTitle } from '../page-title';
import { HOME_PATH } from '../../domain/account';

/**
 * Friendly text only: no error message or stack trace reaches the screen. The screen, never a blank
 * page: the member may reload it or leave for the timetable (the boundary resets on the new path).
 */
export function BoundaryFallback() {
  const { t } = useTranslation();
  const title = usePageTitle('errors.boundaryTitle');
  return (
    <section className="page" role="alert" aria-labelledby="boundary-title">
      <EmptyState
        icon="alert-triangle"
        headingLevel={1}
        headingId="boundary-title"
        title={title}
        body={<p>{t('errors.boundaryBody')}</p>}
        action={
          <div className="empty-state__actions">
            <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
              {t('errors.reload')}
            </button>
            <Link className="btn btn--secondary" to={HOME_PATH}>
              {t('errors.toTimetable')}
            </Link>
          </div>
        }
      />
    </section>
  );
}
