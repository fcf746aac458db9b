import { useTranslation } from '../../../i18n/use-translation';
import { EmptyState } from '../../../ui/empty-state/index';
import { TRAINING_PATH } from './paths';
import { ButtonLink } from '../../../ui/button/index';

/** A workout the device does not have (deleted, another member's, or never synced here). */
export function WorkoutNotFound({ title }: { title: string }) {
  const { t } = useTranslation('training');
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      <EmptyState
        title={t('training.notFound')}
        body={t('training.notFoundHint')}
        action={<ButtonLink variant="primary" to={TRAINING_PATH}>{t('training.backToLog')}</ButtonLink>}
      />
    </section>
  );
}
