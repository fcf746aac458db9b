import { ComingSoon } from '../common/ComingSoon';

export default function VisitsScreen() {
  return <ComingSoon titleKey="titles.visits" emptyKey="empty.visits" />;
}
