// /courses/:id: the course, every class, Enrol (online only: every class is booked at once, or
// none) and the enrolled state. From Dexie, so it renders offline. Enrolling takes money: it says
// what it costs and how it is paid (at the studio, on an invoice), asks first, and needs a
// connection (docs/decisions.md "Courses: asked first, paid at the studio").
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { newEntryId } from '../../../data/sync/outbox';
import { useFormat } from '../../../i18n/useFormat';
import { Button } from '../../../ui/button/index';
import { Card } from '../../../ui/card/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { KeyValueList } from '../../../ui/key-value/index';
import { Stack } from '../../../ui/layout/index';
import { List, ListRow } from '../../../ui/list/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useCommand } from '../../../ui/use-command';
import { useOnline } from '../../../ui/use-online';
import { pullBookings, useNow } from '../../booking/public';
import { pullInvoices } from '../../account/public';
import { useCourse, useRefreshCourse } from '../hooks';
import './courses.css';
import { enrol } from '../pull';

export default function CourseDetailScreen() {
  const { t } = useTranslation('appointments');
  const title = usePageTitle('titles.courseDetail');
  const id = Number(useParams().id);
  const valid = Number.isSafeInteger(id) && id > 0 ? id : null;
  const facility = useFacility();
  const course = useCourse(valid);
  useRefreshCourse(valid, facility?.guid);
  const format = useFormat(facility?.time_zone);
  const online = useOnline();
  const now = useNow();
  const run = useCommand();
  const [key] = useState(newEntryId);
  if (course === undefined) return <Spinner block />;
  if (course === null) {
    return (
      <section className="page" aria-labelledby="page-title">
        <h1 id="page-title" className="page__title">{title}</h1>
        <EmptyState title={t('courses.notFound')} />
      </section>
    );
  }
  const started = Date.parse(course.first_class_date) <= now.getTime();

  const price = format.currency(course.price, course.currency);

  async function enrolNow() {
    const result = await run(() => enrol(course!, key), {
      confirm: { title: t('courses.askTitle', { name: course!.name }), body: t('courses.askBody', { count: course!.classes.length, price }), confirmLabel: t('courses.askConfirm'), cancelLabel: t('courses.askKeep') },
      loading: t('courses.enrolling'),
      success: t('courses.enrolledToast'),
    });
    // Every class is booked and an invoice is due: both are fetched at once.
    if (result.ok) await Promise.all([pullBookings(course!.facility_guid, { force: true }), facility ? pullInvoices(facility.guid, facility.org_id, { force: true }) : null]);
  }

  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{course.name}</h1>
      <Stack>
        {course.description && <p>{course.description}</p>}
        <Card>
          <KeyValueList testId="course-facts" items={[
            { id: 'dates', label: t('courses.dates'), value: <>{format.date(course.first_class_date)} – {format.date(course.last_class_date)}</> },
            { id: 'length', label: t('courses.length'), value: format.minutes(course.duration) },
            { id: 'price', label: t('courses.price'), value: t('courses.priceAtStudio', { price }) },
            { id: 'places', label: t('courses.places'), value: course.places_left === 0 ? t('courses.full') : t('courses.placesLeft', { count: course.places_left }) },
          ]} />
        </Card>
        {course.enrolled ? (
          <div className="stack stack--sm">
            <p className="badge badge--success" data-testid="enrolled">{t('courses.enrolled')}</p>
            <p className="course-note" data-testid="course-paid">{t('courses.due', { price })} <Link to="/account/invoices">{t('courses.invoices')}</Link></p>
          </div>
        ) : started ? (
          <p className="course-note">{t('courses.started')}</p>
        ) : (
          <div>
            <Button variant="primary" disabled={!online || course.places_left === 0} onClick={() => void enrolNow()}>{t('courses.enrol')}</Button>
            {!online && <p className="course-muted">{t('courses.offline')}</p>}
          </div>
        )}
        <h2 className="course-heading">{t('courses.classList')}</h2>
        <List className="card card--flush" data-testid="course-classes">
          {course.classes.map((c) => (
            <ListRow key={c.id} to={`/classes/${c.id}`} title={format.weekdayDate(c.start_date)} meta={format.timeRange(c.start_date, c.end_date)} />
          ))}
        </List>
      </Stack>
    </section>
  );
}
