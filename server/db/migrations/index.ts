import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_booking';
import * as m0003 from './0003_notifications';
import * as m0004 from './0004_training';
import * as m0005 from './0005_push_queue';
import * as m0006 from './0006_appointment_catalogue';
import * as m0007 from './0007_appointment_holds';
import * as m0008 from './0008_appointment_late_cancel';
import * as m0009 from './0009_courses';
import * as m0010 from './0010_shop';
import * as m0011 from './0011_cards';
import * as m0012 from './0012_orders';
import * as m0013 from './0013_visit_charges';
import * as m0014 from './0014_password_resets';
import * as m0015 from './0015_invitations';
import * as m0016 from './0016_feed';
import * as m0017 from './0017_member_preferences';
import * as m0018 from './0018_recurring_bookings';
import * as m0019 from './0019_workout_import_key';
import * as m0020 from './0020_facility_plates';
import * as m0021 from './0021_order_pending_charge';
import * as m0022 from './0022_feed_reports';
import * as m0023 from './0023_refunds';
import * as m0024 from './0024_paid_at_the_studio';
import * as m0025 from './0025_org_documents';
import * as m0026 from './0026_client_reports';
import * as m0027 from './0027_facility_data_versions';
import * as m0028 from './0028_checkin';
import * as m0029 from './0029_log_prompts';
import * as m0030 from './0030_friends';

// Migrations are TypeScript modules listed here in order, so they ship inside the bundle
// and need no directory scanning at runtime. Add new ones at the end; never edit old ones.
const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_booking': m0002,
  '0003_notifications': m0003,
  '0004_training': m0004,
  '0005_push_queue': m0005,
  '0006_appointment_catalogue': m0006,
  '0007_appointment_holds': m0007,
  '0008_appointment_late_cancel': m0008,
  '0009_courses': m0009,
  '0010_shop': m0010,
  '0011_cards': m0011,
  '0012_orders': m0012,
  '0013_visit_charges': m0013,
  '0014_password_resets': m0014,
  '0015_invitations': m0015,
  '0016_feed': m0016,
  '0017_member_preferences': m0017,
  '0018_recurring_bookings': m0018,
  '0019_workout_import_key': m0019,
  '0020_facility_plates': m0020,
  '0021_order_pending_charge': m0021,
  '0022_feed_reports': m0022,
  '0023_refunds': m0023,
  '0024_paid_at_the_studio': m0024,
  '0025_org_documents': m0025,
  '0026_client_reports': m0026,
  '0027_facility_data_versions': m0027,
  '0028_checkin': m0028,
  '0029_log_prompts': m0029,
  '0030_friends': m0030,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
