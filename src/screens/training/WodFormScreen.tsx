import { ComingSoon } from '../common/ComingSoon';

export default function WodFormScreen() {
  return <ComingSoon titleKey="titles.wodNew" emptyKey="empty.training" />;
}
