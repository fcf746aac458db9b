import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function PassesScreen() {
  return <ComingSoon titleKey="titles.passes" emptyKey="empty.passes" />;
}
