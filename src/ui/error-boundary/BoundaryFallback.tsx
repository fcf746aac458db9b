import { useTranslation } from 'react-i18next';
import { EmptyState } from '../empty-state/index';

/** Friendly text only: no error message or stack trace reaches the screen. */
export function BoundaryFallback() {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <EmptyState
        icon="alert-triangle"
        title={t('errors.boundaryTitle')}
        body={<p>{t('errors.boundaryBody')}</p>}
        action={
          <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
            {t('errors.reload')}
          </button>
        }
      />
    </div>
  );
}
