import { ComingSoon } from '../common/ComingSoon';

export default function LiftDetailScreen() {
  return <ComingSoon titleKey="titles.liftDetail" emptyKey="empty.lifts" />;
}
