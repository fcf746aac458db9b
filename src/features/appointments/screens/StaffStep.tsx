import { useTranslation } from '../../../i18n/use-translation';
import type { StoredService, StoredStaff } from '../../../data/db';
import { Avatar } from '../../../ui/avatar/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { Icon } from '../../../ui/icon/index';
import { List, ListRow } from '../../../ui/list/index';
import { Spinner } from '../../../ui/spinner/index';
import { stepPath, useChoice } from './use-choice';
import { NeedsService } from './NeedsService';

/** Step 2: who, "anyone available" first, each with photo and bio. */
export function StaffStep({ service, staff }: { service: StoredService | null | undefined; staff: StoredStaff[] | undefined }) {
  const { t } = useTranslation('appointments');
  const { choice } = useChoice();
  if (service === undefined || staff === undefined) return <Spinner block />;
  if (service === null) return <NeedsService />;
  const givers = staff.filter((s) => s.service_ids.includes(service.id));
  if (givers.length === 0) return <EmptyState title={t('staff.none')} />;
  const next = (who: number | 'any') => stepPath('time', { reschedule: choice.reschedule, serviceId: service.id, staff: who, week: choice.week });
  return (
    <>
      <h2 className="appt-step__title">{t('staff.choose')}</h2>
      <List className="card card--flush" data-testid="staff">
        <ListRow to={next('any')} title={t('staff.anyone')} meta={t('staff.anyoneHint')} start={<span className="appt-anyone" aria-hidden="true"><Icon name="user" /></span>} />
        {givers.map((person) => (
          <ListRow key={person.key} to={next(person.id)} title={person.full_name} meta={person.bio ?? undefined} start={<Avatar src={person.photo_url} name={person.full_name} alt="" />} />
        ))}
      </List>
    </>
  );
}
