import { ComingSoon } from '../common/ComingSoon';

export default function WodDetailScreen() {
  return <ComingSoon titleKey="titles.wodDetail" emptyKey="empty.training" />;
}
