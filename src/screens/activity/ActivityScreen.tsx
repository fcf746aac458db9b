import { ComingSoon } from '../common/ComingSoon';

export default function ActivityScreen() {
  return <ComingSoon titleKey="titles.activity" emptyKey="empty.activity" />;
}
