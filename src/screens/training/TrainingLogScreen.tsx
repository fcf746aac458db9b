import { ComingSoon } from '../common/ComingSoon';

export default function TrainingLogScreen() {
  return <ComingSoon titleKey="titles.training" emptyKey="empty.training" />;
}
