// /training/workouts/new: what kind of workout to log.
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/page-title';
import { PageHeader } from '../../../ui/page-header/index';
import { Icon } from '../../../ui/icon/index';
import { TRAINING_PATH, newWorkoutPath } from './paths';
import './training.css';
import { ButtonLink } from '../../../ui/button/index';

export default function NewWorkoutScreen() {
  const { t } = useTranslation('training');
  const title = usePageTitle('titles.workoutNew');
  return (
    <section className="page page--narrow training" aria-labelledby="page-title">
      <PageHeader
        back={<ButtonLink variant="ghost" size="sm" to={TRAINING_PATH}><Icon name="chevron-left" />{t('training.backToLog')}</ButtonLink>}
        title={<span id="page-title">{title}</span>}
        subtitle={t('training.chooseType')}
      />
      <ul className="workout-types">
        <li>
          <Link className="workout-type" to={newWorkoutPath('wod')} data-testid="new-wod">
            <Icon name="list" size={28} />
            <span className="workout-type__name">{t('training.types.wod')}</span>
            <span className="workout-type__hint">{t('training.types.wodHint')}</span>
          </Link>
        </li>
        <li>
          <Link className="workout-type" to={newWorkoutPath('lift')} data-testid="new-lift">
            <Icon name="dumbbell" size={28} />
            <span className="workout-type__name">{t('training.types.lift')}</span>
            <span className="workout-type__hint">{t('training.types.liftHint')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}
