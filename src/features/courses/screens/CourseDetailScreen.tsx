import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function CourseDetailScreen() {
  return <ComingSoon titleKey="titles.courseDetail" emptyKey="empty.courses" />;
}
