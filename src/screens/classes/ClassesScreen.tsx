import { ComingSoon } from '../common/ComingSoon';

export default function ClassesScreen() {
  return <ComingSoon titleKey="titles.classes" emptyKey="empty.classes" />;
}
