import { useTranslation } from '../../../i18n/use-translation';
import type { StoredCourse } from '../../../data/db';
import type { Formatter } from '../../../i18n/format';

/** One line of a course: its dates, how many classes of how long, its price and places left. */
export function CourseFacts({ course, format }: { course: StoredCourse; format: Formatter }) {
  const { t } = useTranslation('appointments');
  return (
    <>
      <span>{format.date(course.first_class_date)} – {format.date(course.last_class_date)}</span>
      <span>
        {t('courses.classes', { count: course.classes.length })} · {format.minutes(course.duration)} · {format.currency(course.price, course.currency)}
        {!course.enrolled && course.places_left > 0 && ` · ${t('courses.placesLeft', { count: course.places_left })}`}
      </span>
    </>
  );
}
