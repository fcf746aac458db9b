// "Log your Fran time?" (issue 31, item 5): when a class ends whose whiteboard has a WOD or a lift,
// each member booked into it (or checked in) who keeps a training log, has not turned the prompts
// off and has not logged a result for the class yet is told once; the notification opens the form
// prefilled from that workout (core/rules/notifications.ts#notificationTarget). Run by the
// server's job timer, so it reaches a member whose app is closed (Web Push). A booking whose class
// ended is taken as attendance: most studios mark nobody in (docs/decisions.md#log-prompts).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Notifier } from '../notifications/service';
import { insertNotifications, type NotifyInput } from '../notifications/store';
import { LOG_PROMPT_WINDOW_MINUTES, logPromptKind, promptedWorkout, type LogPromptWorkout } from '../../../core/rules/training/log-prompt';
import { logger, type Logger } from '../../observability/log';

export const LOG_PROMPT_INTERVAL_MS = 60 * 1000;

export interface LogPromptDeps {
  db: Kysely<Database>;
  now: () => Date;
  notifications: Pick<Notifier, 'transaction'>;
  log?: Logger;
}

/** The prompt's text (English, as the server's other notifications; the app shows it in the member's language). */
export function logPromptMessage(workout: Pick<LogPromptWorkout, 'type' | 'scoring' | 'name'>): string {
  const kind = logPromptKind(workout);
  if (kind === 'time') return `Log your ${workout.name} time?`;
  if (kind === 'score') return `Log your ${workout.name} score?`;
  return `Log your ${workout.name}?`;
}

/** Sends the prompts due now; returns how many. Each (member, class) is claimed by its key first, so two processes send it once. */
export async function sendLogPrompts(deps: LogPromptDeps): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  const since = new Date(now.getTime() - LOG_PROMPT_WINDOW_MINUTES * 60_000).toISOString();
  const sent = await deps.notifications.transaction(async (trx) => {
    const rows = await trx
      .selectFrom('sessions as s')
      .innerJoin('facilities as f', 'f.id', 's.facility_id')
      .innerJoin('visits as v', 'v.session_id', 's.id')
      .innerJoin('members_profiles as p', 'p.id', 'v.profile_id')
      .innerJoin('whiteboard_items as w', 'w.session_id', 's.id')
      .innerJoin('workout_definitions as d', 'd.id', 'w.definition_id')
      .select(['s.id as session_id', 's.name as class_name', 's.start_at', 'f.org_id', 'v.profile_id', 'd.id as definition_id', 'd.name', 'd.type', 'd.scoring'])
      .where('s.cancelled', '=', 0)
      .where('s.end_at', '>', since)
      .where('s.end_at', '<=', at)
      .where('v.state', 'in', ['booked', 'attended'])
      .where('p.track_training', '=', 1)
      .where('p.log_prompts', '=', 1)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('workouts').select('workouts.id').whereRef('workouts.profile_id', '=', 'v.profile_id').whereRef('workouts.session_id', '=', 's.id'))),
      )
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('log_prompts_sent as sent').select('sent.profile_id').whereRef('sent.profile_id', '=', 'v.profile_id').whereRef('sent.session_id', '=', 's.id'))),
      )
      .orderBy('s.id')
      .orderBy('v.profile_id')
      .orderBy('w.position')
      .execute();
    const byMemberClass = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.profile_id} ${row.session_id}`;
      byMemberClass.set(key, [...(byMemberClass.get(key) ?? []), row]);
    }
    const inputs: NotifyInput[] = [];
    for (const whiteboard of byMemberClass.values()) {
      const row = promptedWorkout(whiteboard);
      if (!row) continue;
      // Claimed by its key: a process that got here first already sent it.
      const claimed = await trx
        .insertInto('log_prompts_sent')
        .values({ profile_id: row.profile_id, session_id: row.session_id, sent_at: at })
        .onConflict((oc) => oc.columns(['profile_id', 'session_id']).doNothing())
        .returning('profile_id')
        .executeTakeFirst();
      if (!claimed) continue;
      const workout: LogPromptWorkout = { definition_id: row.definition_id, type: row.type, name: row.name, scoring: row.scoring };
      inputs.push({
        profileId: row.profile_id,
        orgId: row.org_id,
        type: 'log_workout',
        message: logPromptMessage(workout),
        params: { class: { id: row.session_id, name: row.class_name, start_date: row.start_at }, workout },
      });
    }
    await insertNotifications(trx, inputs, now);
    return inputs.length;
  }, 'read committed');
  if (sent > 0) (deps.log ?? logger).info({ component: 'log_prompts', sent }, 'prompts to log a class workout sent');
  return sent;
}
