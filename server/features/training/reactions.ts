import type { Kysely } from 'kysely';
import { isWhiteboardVisible } from '../../../core/rules/session';
import { loadMemberSession } from '../booking/present';
import type { Database, WorkoutRow } from '../../db/schema';

type Db = Kysely<Database>;

/**
 * A workout the member may react to: one of the organisation's workouts that is the member's
 * own, or that appears on a class leaderboard the member may see (its class and definition are
 * on that class's whiteboard, the whiteboard is visible to the member, and its owner does not hide
 * their results from leaderboards).
 */
export async function reactableWorkoutRow(db: Db, workoutId: number, profileId: number, orgId: number): Promise<WorkoutRow | undefined> {
  if (!Number.isSafeInteger(workoutId) || workoutId <= 0) return undefined;
  const row = await db.selectFrom('workouts').selectAll().where('id', '=', workoutId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return undefined;
  if (row.profile_id === profileId) return row;
  if (row.session_id === null || row.workout_definition_id === null) return undefined;
  // A result hidden from leaderboards is on no board another member sees.
  const owner = await db.selectFrom('members_profiles').select('hide_from_leaderboards').where('id', '=', row.profile_id).executeTakeFirst();
  if (!owner || owner.hide_from_leaderboards === 1) return undefined;
  const onBoard = await db.selectFrom('whiteboard_items').select('id').where('session_id', '=', row.session_id).where('definition_id', '=', row.workout_definition_id).executeTakeFirst();
  if (!onBoard) return undefined;
  const session = await loadMemberSession(db, row.session_id, profileId);
  return session && isWhiteboardVisible(session) ? row : undefined;
}
