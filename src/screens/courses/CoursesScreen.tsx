import { ComingSoon } from '../common/ComingSoon';

export default function CoursesScreen() {
  return <ComingSoon titleKey="titles.courses" emptyKey="empty.courses" />;
}
