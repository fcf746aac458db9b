import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function CoursesScreen() {
  return <ComingSoon titleKey="titles.courses" emptyKey="empty.courses" />;
}
