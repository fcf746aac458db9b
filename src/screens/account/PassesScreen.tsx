import { ComingSoon } from '../common/ComingSoon';

export default function PassesScreen() {
  return <ComingSoon titleKey="titles.passes" emptyKey="empty.passes" />;
}
