import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import type { Session } from '../../../../core/contract/types';
import type { Formatter } from '../../../i18n/format';
import type { DraftState } from './use-workout-draft';

/** Which class a result is logged for, or why the class's workout could not be used. */
export function DraftNotice({ state, session, format }: { state: DraftState['status']; session?: Pick<Session, 'id' | 'name' | 'start_date'> | null; format: Formatter }) {
  const { t } = useTranslation('training');
  if (session) {
    return (
      <p className="notice notice--info" data-testid="draft-class">
        {t('training.forClass', { name: session.name, date: format.weekdayDate(session.start_date) })}
        {' · '}
        <Link to={`/classes/${session.id}/workouts`}>{t('training.seeWhiteboard')}</Link>
      </p>
    );
  }
  if (state === 'unavailable') return <p className="notice notice--warning">{t('training.draftUnavailable')}</p>;
  return null;
}
