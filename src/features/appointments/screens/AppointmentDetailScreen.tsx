import { ComingSoon } from '../../../ui/placeholders/ComingSoon';

export default function AppointmentDetailScreen() {
  return <ComingSoon titleKey="titles.appointmentDetail" emptyKey="empty.appointments" />;
}
