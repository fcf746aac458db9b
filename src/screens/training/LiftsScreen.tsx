import { ComingSoon } from '../common/ComingSoon';

export default function LiftsScreen() {
  return <ComingSoon titleKey="titles.lifts" emptyKey="empty.lifts" />;
}
