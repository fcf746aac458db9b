import { ComingSoon } from '../common/ComingSoon';

export default function VisitDetailScreen() {
  return <ComingSoon titleKey="titles.visitDetail" emptyKey="empty.visits" />;
}
