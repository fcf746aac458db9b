// What a member sees first once signed in is the timetable's opening week. Its pull starts as soon
// as signing in has stored the chosen facility (whose time zone says which days "this week" are),
// while the timetable's screen and strings load and render, instead of from that screen's first
// render; the screen's own pull of the same week then joins it (decisions.md#first-visit).
import { now } from '../../data/clock';
import { db, type AuthState } from '../../data/db';
import { startLoad } from '../../ui/once';

const loadPull = () => import('../booking/public-sync');

/** Loads the pull's code while the member types (the sign-in screen), so the pull starts the moment signing in ends. */
export function preparePullAfterSignIn(): void {
  startLoad(loadPull);
}

/** Starts the opening week's pull for the member just signed in; never throws. */
export function pullOpeningWeekAfterSignIn(auth: AuthState): Promise<void> {
  const guid = auth.facilityGuid;
  if (!guid) return Promise.resolve();
  return Promise.all([db.facilities.get(guid), loadPull()])
    .then(async ([facility, { pullOpeningWeek }]) => {
      if (facility?.time_zone) await pullOpeningWeek(guid, facility.time_zone, new Date(now()));
    })
    .catch(() => undefined);
}
