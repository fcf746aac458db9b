import { ComingSoon } from '../common/ComingSoon';

export default function WhiteboardScreen() {
  return <ComingSoon titleKey="titles.whiteboard" emptyKey="empty.whiteboard" />;
}
