import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function ActivityScreen() {
  return <ComingSoon titleKey="titles.activity" emptyKey="empty.activity" />;
}
