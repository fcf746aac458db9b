import { ComingSoon } from '../common/ComingSoon';

export default function NewWorkoutScreen() {
  return <ComingSoon titleKey="titles.workoutNew" emptyKey="empty.training" />;
}
