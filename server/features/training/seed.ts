import { TZDate } from '@date-fns/tz';
import type { Transaction } from 'kysely';
import type { LiftSet, Movement, MovementPropertyType, ScoringType } from '../../../core/contract/types';
import { defaultUnits, liftLoad, parseRepScheme, weightUnitsOf } from '../../../core/rules/training/index';
import type { Database, NewWhiteboardItem, NewWorkout } from '../../db/schema';

// Training demo data, called by seed.ts inside its transaction: the movement catalogue, each
// organisation's workout definitions, whiteboards on every CrossFit and Olympic Lifting class
// (the programme rotates by local day), the demo members' history and other members' results
// on finished classes, so class leaderboards have 3–8 entries, Rx and scaled mixed.

type Trx = Transaction<Database>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MOVEMENTS: [string, MovementPropertyType][] = [
  ['Back Squat', 'weight'], ['Front Squat', 'weight'], ['Deadlift', 'weight'], ['Bench Press', 'weight'], ['Strict Press', 'weight'], ['Push Press', 'weight'],
  ['Power Clean', 'weight'], ['Clean & Jerk', 'weight'], ['Snatch', 'weight'], ['Thruster', 'weight'], ['Box Jump', 'height'], ['Broad Jump', 'distance'],
];

type WodKey = 'fran' | 'cindy' | 'grace' | 'row' | 'bike' | 'tabata' | 'ladder' | 'burpees' | 'run' | 'total' | 'handstands';
type LiftKey = 'squat' | 'snatch' | 'deadlift' | 'boxjump' | 'cleanjerk';

const WODS: Record<WodKey, { name: string; scoring: ScoringType; description: string }> = {
  fran: { name: 'Fran', scoring: 'for_time', description: '21-15-9 reps for time of thrusters (43/30 kg) and pull-ups.' },
  cindy: { name: 'Cindy', scoring: 'for_rounds', description: 'As many rounds as possible in 20 minutes of 5 pull-ups, 10 push-ups and 15 air squats.' },
  grace: { name: 'Grace', scoring: 'for_time', description: '30 clean & jerks for time (61/43 kg).' },
  row: { name: '2k Row', scoring: 'for_time', description: 'Row 2,000 metres for time.' },
  bike: { name: 'Max Calorie Bike', scoring: 'for_calories', description: 'As many calories as possible in 10 minutes on the air bike.' },
  tabata: { name: 'Tabata Squats', scoring: 'tabata', description: '8 rounds of 20 seconds of air squats and 10 seconds of rest. Score: the lowest round.' },
  ladder: { name: 'Deadlift Ladder', scoring: 'for_load', description: 'One deadlift every minute, adding weight each minute. Score: the heaviest good lift.' },
  burpees: { name: '7-Minute Burpees', scoring: 'for_repetitions', description: 'As many burpees as possible in 7 minutes.' },
  run: { name: '12-Minute Run', scoring: 'for_distance', description: 'Run as far as you can in 12 minutes. Score in metres.' },
  total: { name: 'CrossFit Total', scoring: 'total', description: 'Best of three attempts each at back squat, strict press and deadlift. Score: the sum in kilograms.' },
  handstands: { name: 'Handstand Practice', scoring: 'none', description: '15 minutes of handstand holds and walks. No score: note what you worked on.' },
};

const LIFTS: Record<LiftKey, { name: string; movement: string; scheme: string; description: string }> = {
  squat: { name: 'Back Squat 5x5', movement: 'Back Squat', scheme: '5x5', description: 'Five sets of five at a weight you can move well.' },
  snatch: { name: 'Snatch singles', movement: 'Snatch', scheme: '1-1-1-1-1', description: 'Build to a heavy single over five attempts.' },
  deadlift: { name: 'Deadlift 5-3-1', movement: 'Deadlift', scheme: '5-3-1', description: 'Climb in weight: five, three, then one heavy rep.' },
  boxjump: { name: 'Box Jump 3x3', movement: 'Box Jump', scheme: '3x3', description: 'Three sets of three jumps; raise the box when they feel easy.' },
  cleanjerk: { name: 'Clean & Jerk 3-2-1', movement: 'Clean & Jerk', scheme: '3-2-1', description: 'Three, two, then one rep, heavier each set.' },
};

// The programme: strength first, then the conditioning piece (position 1 and 2).
const ROTATION = {
  crossfit: { lifts: ['squat', 'deadlift', 'boxjump'] as LiftKey[], wods: ['fran', 'cindy', 'row', 'bike', 'tabata', 'burpees', 'run', 'handstands', 'grace', 'total'] as WodKey[] },
  oly: { lifts: ['snatch', 'cleanjerk'] as LiftKey[], wods: ['grace', 'ladder', 'total'] as WodKey[] },
};

/** The public Olympic Lifting class kept for the journey where Alex logs his result: fixed programme. */
const PUBLIC_BOARD_PROGRAMME = { lift: 'snatch' as LiftKey, wod: 'grace' as WodKey };

export interface TrainingClass {
  id: number;
  kind: 'crossfit' | 'oly';
  orgId: number;
  timeZone: string;
  start: Date;
  end: Date;
  /** Members (not demo logins) booked on or attending the class, in booking order. */
  attendees: number[];
}

export interface TrainingSeedContext {
  orgIds: number[];
  /** Harbour Strength and Tallinn Movement, where the demo members train. */
  harbour: number;
  tallinn: number;
  wellingtonTimeZone: string;
  tallinnTimeZone: string;
  alex: number;
  kai: number;
  /** Club members without a login, per organisation id. */
  fillers: Map<number, number[]>;
  classes: TrainingClass[];
  /** Yesterday's Olympic Lifting classes: Alex attended both, Kai the one at Tallinn. */
  yesterdayOly: { harbour: number; tallinn: number };
  /** The public Olympic Lifting class at Wellington with others' results and none of Alex's. */
  publicBoard: number;
}

interface Definition {
  id: number;
  key: WodKey | LiftKey;
  type: 'wod' | 'lift';
  name: string;
  scoring: ScoringType | null;
  movement: Movement | null;
  scheme: string | null;
}

/** A deterministic spread 0..n-1 from a few integers (Knuth's multiplicative hash). */
function spread(n: number, ...seeds: number[]): number {
  let h = 0;
  for (const s of seeds) h = (Math.imul(h ^ s, 2654435761) + 0x9e3779b9) >>> 0;
  return h % n;
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** Days since 1970-01-01 of the local calendar day of `at`. */
function localDayNumber(at: Date, timeZone: string): number {
  const local = new TZDate(at.getTime(), timeZone);
  return Math.round(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / DAY);
}

function localTimeDaysAgo(now: Date, timeZone: string, days: number, hours: number, minutes: number): Date {
  const today = new TZDate(now.getTime(), timeZone);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() - days, hours, minutes, 0, timeZone).getTime());
}

export async function seedTraining(trx: Trx, now: Date, ctx: TrainingSeedContext): Promise<void> {
  const at = now.toISOString();

  const movements = new Map<string, Movement>();
  for (const [name, property] of MOVEMENTS) {
    const properties = [{ type: property }];
    const { id } = await trx.insertInto('movements').values({ name, properties: JSON.stringify(properties) }).returning('id').executeTakeFirstOrThrow();
    movements.set(name, { id, name, properties });
  }
  const movement = (name: string): Movement => movements.get(name) as Movement;

  const definitions = new Map<number, Map<string, Definition>>();
  for (const orgId of ctx.orgIds) {
    const byKey = new Map<string, Definition>();
    for (const [key, wod] of Object.entries(WODS) as [WodKey, (typeof WODS)[WodKey]][]) {
      const { id } = await trx
        .insertInto('workout_definitions')
        .values({ org_id: orgId, name: wod.name, type: 'wod', description: wod.description, scoring: wod.scoring, rep_scheme: null, movement_id: null, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      byKey.set(key, { id, key, type: 'wod', name: wod.name, scoring: wod.scoring, movement: null, scheme: null });
    }
    for (const [key, lift] of Object.entries(LIFTS) as [LiftKey, (typeof LIFTS)[LiftKey]][]) {
      const m = movement(lift.movement);
      const { id } = await trx
        .insertInto('workout_definitions')
        .values({ org_id: orgId, name: lift.name, type: 'lift', description: lift.description, scoring: null, rep_scheme: lift.scheme, movement_id: m.id, created_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      byKey.set(key, { id, key, type: 'lift', name: lift.name, scoring: null, movement: m, scheme: lift.scheme });
    }
    definitions.set(orgId, byKey);
  }
  const definition = (orgId: number, key: WodKey | LiftKey): Definition => definitions.get(orgId)?.get(key) as Definition;

  // Whiteboards: the same programme for every class of a kind on one local day.
  const boards = new Map<number, Definition[]>();
  const items: NewWhiteboardItem[] = [];
  for (const c of ctx.classes) {
    const day = localDayNumber(c.start, c.timeZone);
    const rotation = ROTATION[c.kind];
    const programme =
      c.id === ctx.publicBoard
        ? PUBLIC_BOARD_PROGRAMME
        : { lift: rotation.lifts[day % rotation.lifts.length] as LiftKey, wod: rotation.wods[day % rotation.wods.length] as WodKey };
    const board = [definition(c.orgId, programme.lift), definition(c.orgId, programme.wod)];
    boards.set(c.id, board);
    board.forEach((d, index) => items.push({ session_id: c.id, definition_id: d.id, position: index + 1 }));
  }
  for (let i = 0; i < items.length; i += 200) await trx.insertInto('whiteboard_items').values(items.slice(i, i + 200)).execute();

  const workouts: NewWorkout[] = [];

  // Other members' results on every finished class (and the public board kept for Alex).
  for (const c of ctx.classes) {
    if (c.end.getTime() > now.getTime() && c.id !== ctx.publicBoard) continue;
    const crowd = ctx.fillers.get(c.orgId) ?? [];
    const others = crowd.map((_, i) => crowd[(c.id + i) % crowd.length] as number).filter((who) => !c.attendees.includes(who));
    const who = [...c.attendees, ...others];
    for (const [position, d] of (boards.get(c.id) ?? []).entries()) {
      const count = 3 + spread(6, c.id, position);
      for (const [rank, member] of who.slice(0, count).entries()) {
        const seed = [c.id, position, rank, member];
        const logged = new Date(Math.min(now.getTime(), c.end.getTime() + (10 + 7 * rank) * MINUTE)).toISOString();
        const base = { org_id: c.orgId, profile_id: member, completed_at: c.start.toISOString(), session_id: c.id, created_at: logged, updated_at: logged };
        workouts.push(d.type === 'lift' ? liftResult(base, d, memberStrength(member), spread(3, ...seed)) : wodResult(base, d, seed));
      }
    }
  }

  // Alex's log at Harbour Strength: six months of squat, deadlift and press progressions, WODs,
  // and yesterday's Olympic Lifting class; two results at Tallinn Movement.
  const alexAt = (days: number, hours = 18, minutes = 0) => localTimeDaysAgo(now, ctx.wellingtonTimeZone, days, hours, minutes).toISOString();
  const alexBase = (days: number, hours?: number) => {
    const time = alexAt(days, hours);
    const logged = new Date(Date.parse(time) + 90 * MINUTE).toISOString();
    return { org_id: ctx.harbour, profile_id: ctx.alex, completed_at: time, session_id: null, created_at: logged, updated_at: logged };
  };
  for (let i = 0; i < 20; i++) {
    const days = 180 - i * 9;
    workouts.push(liftRow(alexBase(days, 6), definition(ctx.harbour, 'squat'), uniformSets(movement('Back Squat'), '5x5', 80 + roundTo(i * 1.3, 2.5)), i % 6 === 0 ? 'Belt from the third set.' : null));
  }
  for (let i = 0; i < 12; i++) {
    const days = 177 - i * 14;
    workouts.push(liftRow(alexBase(days, 6), definition(ctx.harbour, 'deadlift'), climbingSets(movement('Deadlift'), '5-3-1', 120 + i * 2.5, 10), i === 11 ? 'New one-rep best!' : null));
  }
  for (let i = 0; i < 10; i++) {
    const days = 170 - i * 16;
    workouts.push(liftRow(alexBase(days, 6), null, uniformSets(movement('Strict Press'), '5x5', 40 + roundTo(i * 1.1, 2.5)), null, 'Strict Press 5x5'));
  }
  for (const [i, days] of [150, 96, 41].entries()) {
    workouts.push(liftRow(alexBase(days, 6), definition(ctx.harbour, 'boxjump'), uniformSets(movement('Box Jump'), '3x3', 60 + i * 5, 'height'), null));
  }
  const alexWods: [number, WodKey, Partial<NewWorkout>, boolean, string | null][] = [
    [172, 'fran', { score_time: 392 }, false, 'Scaled to 30 kg thrusters.'],
    [118, 'fran', { score_time: 347 }, true, null],
    [33, 'fran', { score_time: 311 }, true, 'Unbroken thrusters in the 21s.'],
    [160, 'cindy', { score_rounds: 14, score_repetitions: 3 }, true, null],
    [101, 'cindy', { score_rounds: 16, score_repetitions: 11 }, true, null],
    [24, 'cindy', { score_rounds: 18, score_repetitions: 5 }, true, 'Kept the push-ups in sets of five.'],
    [140, 'row', { score_time: 468 }, true, null],
    [62, 'row', { score_time: 451 }, true, 'Damper on 6.'],
    [131, 'tabata', { score_tabata: 14 }, true, null],
    [88, 'grace', { score_time: 274 }, false, 'Scaled to 50 kg.'],
    [75, 'bike', { score_calories: 131 }, true, null],
    [55, 'burpees', { score_repetitions: 104 }, true, null],
    [47, 'run', { score_distance: 2650 }, true, null],
    [19, 'total', { score_total: 352.5 }, true, '135 squat, 57.5 press, 160 deadlift.'],
    [12, 'handstands', {}, true, 'Wall walks, 3 x 20 s holds.'],
  ];
  for (const [days, key, score, rx, notes] of alexWods) workouts.push(wodRow(alexBase(days), definition(ctx.harbour, key), score, rx, notes));
  workouts.push(...classResults(ctx.yesterdayOly.harbour, ctx.alex, 'Technique felt sharp.'));
  workouts.push(...classResults(ctx.yesterdayOly.tallinn, ctx.alex, null));

  // Kai's log at Tallinn Movement: squats, snatches, two WODs and yesterday's class.
  const kaiBase = (days: number, hours = 7) => {
    const time = localTimeDaysAgo(now, ctx.tallinnTimeZone, days, hours, 0).toISOString();
    const logged = new Date(Date.parse(time) + HOUR).toISOString();
    return { org_id: ctx.tallinn, profile_id: ctx.kai, completed_at: time, session_id: null, created_at: logged, updated_at: logged };
  };
  for (let i = 0; i < 6; i++) workouts.push(liftRow(kaiBase(70 - i * 12), definition(ctx.tallinn, 'squat'), uniformSets(movement('Back Squat'), '5x5', 70 + i * 2.5), null));
  for (let i = 0; i < 4; i++) workouts.push(liftRow(kaiBase(64 - i * 15), definition(ctx.tallinn, 'snatch'), climbingSets(movement('Snatch'), '1-1-1-1-1', 45 + i * 2.5, 2.5), i === 3 ? 'Uus rekord!' : null));
  workouts.push(wodRow(kaiBase(40), definition(ctx.tallinn, 'fran'), { score_time: 421 }, false, null));
  workouts.push(wodRow(kaiBase(15), definition(ctx.tallinn, 'cindy'), { score_rounds: 15, score_repetitions: 7 }, true, null));
  workouts.push(...classResults(ctx.yesterdayOly.tallinn, ctx.kai, 'Hea trenn.'));

  for (let i = 0; i < workouts.length; i += 100) await trx.insertInto('workouts').values(workouts.slice(i, i + 100)).execute();

  /** A demo member's results for both boards of a class they attended. */
  function classResults(sessionId: number, profileId: number, notes: string | null): NewWorkout[] {
    const c = ctx.classes.find((x) => x.id === sessionId);
    if (!c) return [];
    const logged = new Date(Math.min(now.getTime(), c.end.getTime() + 20 * MINUTE)).toISOString();
    const base = { org_id: c.orgId, profile_id: profileId, completed_at: c.start.toISOString(), session_id: c.id, created_at: logged, updated_at: logged };
    return (boards.get(c.id) ?? []).map((d) => {
      const row = d.type === 'lift' ? liftResult(base, d, memberStrength(profileId) + 0.1, 2) : wodResult(base, d, [c.id, profileId, 1]);
      return { ...row, notes };
    });
  }
}

/** How strong a seeded member is, 0.7–1.3, for plausible spreads on a board. */
function memberStrength(profileId: number): number {
  return 0.7 + spread(13, profileId, 7) / 20;
}

type Base = Pick<NewWorkout, 'org_id' | 'profile_id' | 'completed_at' | 'session_id' | 'created_at' | 'updated_at'>;

const EMPTY_SCORES = {
  score_time: null, score_rounds: null, score_repetitions: null, score_distance: null, score_load: null, score_load_units: null,
  score_calories: null, score_tabata: null, score_total: null,
} as const;

function wodRow(base: Base, d: Definition, score: Partial<NewWorkout>, rx: boolean, notes: string | null): NewWorkout {
  return {
    ...base,
    ...EMPTY_SCORES,
    ...score,
    type: 'wod',
    name: d.name,
    notes,
    workout_definition_id: d.id,
    scoring: d.scoring,
    as_prescribed: rx ? 1 : 0,
    movement_id: null,
    rep_scheme: null,
    sets: null,
    load_value: null,
    load_units: null,
  };
}

function liftRow(base: Base, d: Definition | null, lift: { movement: Movement; scheme: string; sets: LiftSet[] }, notes: string | null, name?: string): NewWorkout {
  const load = liftLoad(lift.sets, lift.movement);
  return {
    ...base,
    ...EMPTY_SCORES,
    type: 'lift',
    name: name ?? d?.name ?? lift.movement.name,
    notes,
    workout_definition_id: d?.id ?? null,
    scoring: null,
    as_prescribed: 0,
    movement_id: lift.movement.id,
    rep_scheme: lift.scheme,
    sets: JSON.stringify(lift.sets),
    load_value: load?.value ?? null,
    load_units: load ? weightUnitsOf(load) : null,
  };
}

function measure(property: MovementPropertyType, value: number): LiftSet['values'] {
  return { [property]: { value, units: defaultUnits(property) } };
}

/** Every set at the same value. */
function uniformSets(movement: Movement, scheme: string, value: number, property: MovementPropertyType = 'weight') {
  const sets = parseRepScheme(scheme).map((repetitions, i): LiftSet => ({ position: i + 1, repetitions, movement_id: movement.id, values: measure(property, value) }));
  return { movement, scheme, sets };
}

/** Heavier every set, `step` at a time, ending at `top`. */
function climbingSets(movement: Movement, scheme: string, top: number, step: number) {
  const reps = parseRepScheme(scheme);
  const property = movement.properties[0]?.type ?? 'weight';
  const sets = reps.map((repetitions, i): LiftSet => ({ position: i + 1, repetitions, movement_id: movement.id, values: measure(property, top - (reps.length - 1 - i) * step) }));
  return { movement, scheme, sets };
}

const LIFT_BASE: Record<string, number> = { 'Back Squat': 90, Deadlift: 120, Snatch: 55, 'Clean & Jerk': 70, 'Box Jump': 60 };

function liftResult(base: Base, d: Definition, strength: number, variant: number): NewWorkout {
  const m = d.movement as Movement;
  const scheme = d.scheme ?? '1';
  const isWeight = m.properties.some((p) => p.type === 'weight');
  const top = roundTo((LIFT_BASE[m.name] ?? 60) * strength, isWeight ? 2.5 : 5);
  const lift = variant === 0 || !isWeight ? uniformSets(m, scheme, top, m.properties[0]?.type) : climbingSets(m, scheme, top, 2.5 * variant);
  return liftRow(base, d, lift, variant === 1 ? 'Moved well, more next time.' : null);
}

const FILLER_NOTES = ['Felt strong today.', 'Scaled the pull-ups to ring rows.', 'New personal best!', 'Tough one, paced it better than last time.'];

function wodResult(base: Base, d: Definition, seed: number[]): NewWorkout {
  const rx = spread(5, ...seed, 1) < 3;
  const r = (n: number, salt: number) => spread(n, ...seed, salt);
  const byScoring: Record<ScoringType, Partial<NewWorkout>> = {
    for_time: { score_time: (d.key === 'row' ? 420 : d.key === 'grace' ? 180 : 240) + r(240, 2) },
    for_rounds: { score_rounds: 12 + r(10, 3), score_repetitions: r(30, 4) },
    for_distance: { score_distance: 2200 + 10 * r(100, 5) },
    // Now and then in pounds: boards compare loads in kilograms.
    for_load: r(7, 6) === 0 ? { score_load: 225 + 5 * r(40, 7), score_load_units: 'pounds' } : { score_load: 100 + 2.5 * r(40, 7), score_load_units: 'kilograms' },
    for_repetitions: { score_repetitions: 70 + r(60, 8) },
    for_calories: { score_calories: 90 + r(70, 9) },
    tabata: { score_tabata: 8 + r(9, 10) },
    total: { score_total: 300 + 2.5 * r(80, 11) },
    none: {},
  };
  const notes = r(3, 12) === 0 ? (FILLER_NOTES[r(FILLER_NOTES.length, 13)] ?? null) : null;
  return wodRow(base, d, byScoring[d.scoring ?? 'none'], rx, notes);
}
