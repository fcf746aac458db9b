import { ComingSoon } from '../common/ComingSoon';

export default function LiftWorkoutDetailScreen() {
  return <ComingSoon titleKey="titles.liftWorkoutDetail" emptyKey="empty.training" />;
}
