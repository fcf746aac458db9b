// /courses: the facility's courses with dates, class length, price and places; from Dexie, so offline too.
import { useTranslation } from '../../../i18n/use-translation';
import { useFacility } from '../../../data/hooks/auth';
import { useFormat } from '../../../i18n/useFormat';
import { Chip } from '../../../ui/chip/index';
import { EmptyState } from '../../../ui/empty-state/index';
import { List, ListRow } from '../../../ui/list/index';
import { usePageTitle } from '../../../ui/page-title';
import { Spinner } from '../../../ui/spinner/index';
import { useCourses, useRefreshCourses } from '../hooks';
import { CourseFacts } from './CourseFacts';

export default function CoursesScreen() {
  const { t } = useTranslation('appointments');
  const title = usePageTitle('titles.courses');
  const facility = useFacility();
  const courses = useCourses(facility?.guid);
  useRefreshCourses(facility?.guid);
  const format = useFormat(facility?.time_zone);
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">{title}</h1>
      {courses === undefined ? (
        <Spinner block />
      ) : courses.length === 0 ? (
        <EmptyState title={t('courses.none')} />
      ) : (
        <List className="card card--flush" data-testid="courses">
          {courses.map((course) => (
            <ListRow
              key={course.id}
              to={`/courses/${course.id}`}
              title={course.name}
              meta={<CourseFacts course={course} format={format} />}
              chips={course.enrolled ? <Chip tone="success">{t('courses.enrolled')}</Chip> : course.places_left === 0 ? <Chip>{t('courses.full')}</Chip> : undefined}
            />
          ))}
        </List>
      )}
    </section>
  );
}
