import { ComingSoon } from '../common/ComingSoon';

export default function CourseDetailScreen() {
  return <ComingSoon titleKey="titles.courseDetail" emptyKey="empty.courses" />;
}
