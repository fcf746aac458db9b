import { ComingSoon } from '../common/ComingSoon';

export default function AppointmentDetailScreen() {
  return <ComingSoon titleKey="titles.appointmentDetail" emptyKey="empty.appointments" />;
}
