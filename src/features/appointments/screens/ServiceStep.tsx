import { useTranslation } from '../../../i18n/use-translation';
import type { StoredService } from '../../../data/db';
import { useFormat } from '../../../i18n/useFormat';
import { EmptyState } from '../../../ui/empty-state/index';
import { List, ListRow } from '../../../ui/list/index';
import { Spinner } from '../../../ui/spinner/index';
import { stepPath, useChoice } from './use-choice';

/** Step 1: what the member wants, with its length, price and what covers it. */
export function ServiceStep({ services, timeZone }: { services: StoredService[] | undefined; timeZone: string | undefined }) {
  const { t } = useTranslation('appointments');
  const format = useFormat(timeZone);
  const { choice } = useChoice();
  if (services === undefined) return <Spinner block />;
  if (services.length === 0) return <EmptyState title={t('services.none')} />;
  return (
    <>
      <h2 className="appt-step__title">{t('services.choose')}</h2>
      <List className="card card--flush" data-testid="services">
        {services.map((service) => {
          const covers = [...service.covered_by.memberships, ...service.covered_by.passes];
          return (
            <ListRow
              key={service.key}
              to={stepPath('staff', { reschedule: choice.reschedule, serviceId: service.id })}
              title={service.name}
              meta={<>
                <span>{format.minutes(service.duration_minutes)} · {format.currency(service.price, service.currency)}</span>
                {service.description && <span className="appt-step__desc">{service.description}</span>}
                {covers.length > 0 && <span>{t('services.coveredBy', { names: covers.join(', ') })}</span>}
              </>}
            />
          );
        })}
      </List>
    </>
  );
}
