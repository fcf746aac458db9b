import type { Kysely } from 'kysely';
import type { Leaderboard, Session } from '../../../core/contract/types';
import { rankLeaderboard, type UnrankedEntry } from '../../../core/rules/training/index';
import { isWhiteboardVisible } from '../../../core/rules/session';
import { inChunks } from '../../db/chunks';
import type { Database } from '../../db/schema';
import { presentWorkouts } from './present';

type Db = Kysely<Database>;

/**
 * The class's boards as `viewer` sees them: one per whiteboard item (by position), each with the
 * best result per member of the organisation. Other members' notes stay private, and the results
 * of members who hide them from leaderboards are not there at all (except the viewer's own).
 * `session` is the class presented for the viewer (its whiteboard_items are filled when visible).
 */
export async function buildLeaderboard(db: Db, session: Session, orgId: number, viewer: number): Promise<Leaderboard> {
  if (!isWhiteboardVisible(session)) return { session_id: session.id, visible: false, boards: [] };
  const items = session.whiteboard_items;
  const definitionIds = items.map((item) => item.definition.id);
  const rows = await inChunks(definitionIds, (chunk) =>
    db
      .selectFrom('workouts')
      .innerJoin('accounts', (join) => join.onRef('accounts.profile_id', '=', 'workouts.profile_id').onRef('accounts.org_id', '=', 'workouts.org_id'))
      .innerJoin('members_profiles', 'members_profiles.id', 'workouts.profile_id')
      .selectAll('workouts')
      .select(['accounts.id as member_id', 'accounts.first_name', 'accounts.last_name', 'members_profiles.full_name', 'members_profiles.avatar_thumb_url'])
      .where('workouts.session_id', '=', session.id)
      .where('workouts.org_id', '=', orgId)
      .where('workouts.workout_definition_id', 'in', chunk)
      // Members who hide their results are left off others' boards (ranks close up without them);
      // they still see their own row (docs/decisions.md#member-preferences).
      .where((eb) => eb.or([eb('members_profiles.hide_from_leaderboards', '=', 0), eb('workouts.profile_id', '=', viewer)]))
      .orderBy('workouts.id')
      .execute(),
  );
  const workouts = await presentWorkouts(db, rows, viewer);

  const entries: (UnrankedEntry & { definitionId: number | null })[] = rows.flatMap((row, index) => {
    const workout = workouts[index];
    if (!workout) return [];
    const mine = row.profile_id === viewer;
    const fullName = `${row.first_name} ${row.last_name}`.trim() || row.full_name;
    return [
      {
        definitionId: row.workout_definition_id,
        workout_id: row.id,
        member: { id: row.member_id, full_name: fullName, avatar_url: row.avatar_thumb_url },
        mine,
        workout: mine ? workout : { ...workout, notes: null },
      },
    ];
  });

  return {
    session_id: session.id,
    visible: true,
    boards: items.map((item) => ({
      definition: item.definition,
      entries: rankLeaderboard(
        item.definition,
        entries.filter((e) => e.definitionId === item.definition.id).map(({ definitionId: _, ...entry }) => entry),
      ),
    })),
  };
}
