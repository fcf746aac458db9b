import { ComingSoon } from '../common/ComingSoon';

export default function LiftFormScreen() {
  return <ComingSoon titleKey="titles.liftNew" emptyKey="empty.training" />;
}
