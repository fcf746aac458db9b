// "Log my result" from a class: ?definition=ID&session=ID names a workout on the class's
// whiteboard; the form starts from a draft of it (see docs/rules.md#training), read from the device.
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Session, WorkoutDefinition, WorkoutType } from '../../../../core/contract/types';
import { useMember } from '../../../data/hooks/auth';
import { useRefreshSession, useSession } from '../../booking/public';
import { useMeasurementUnits } from '../../profile/public';
import { draftFromDefinition, type WorkoutDraft } from '../../../../core/rules/training/workout';
import { routeId } from './use-route-workout';
import { logResultPath } from './paths';

export type DraftState =
  | { status: 'none' }
  | { status: 'loading' }
  /** The class or its workout is not on this device (or no longer on its whiteboard). */
  | { status: 'unavailable' }
  /** The workout is of the other type: its own form is at `path`. */
  | { status: 'otherType'; path: string }
  | { status: 'ready'; draft: WorkoutDraft; definition: WorkoutDefinition; session: Session };

export function useWorkoutDraft(type: WorkoutType): DraftState {
  const [params] = useSearchParams();
  const definitionId = routeId(params.get('definition') ?? undefined);
  const sessionId = routeId(params.get('session') ?? undefined);
  const asked = params.has('definition') || params.has('session');
  const session = useSession(asked ? sessionId : null);
  // A class from a link or an older day may not be on the device yet; fetch it when online.
  useRefreshSession(asked ? sessionId : null);
  const member = useMember();
  const [now] = useState(() => new Date());
  const definition = session?.whiteboard_items.find((item) => item.definition.id === definitionId)?.definition;
  const memberId = member?.id ?? null;
  const units = useMeasurementUnits();
  const draft = useMemo(
    () => (definition && session ? draftFromDefinition(definition, { memberId, session, now, units }) : null),
    [definition, session, memberId, now, units],
  );
  if (!asked) return { status: 'none' };
  if (definitionId === null || sessionId === null || session === null) return { status: 'unavailable' };
  if (session === undefined) return { status: 'loading' };
  if (!definition || !draft) return { status: 'unavailable' };
  if (definition.type !== type) return { status: 'otherType', path: logResultPath(definition, session.id) };
  return { status: 'ready', draft, definition, session };
}
