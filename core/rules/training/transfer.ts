// Export and import of the training log, pure: workouts → CSV rows
// and back, column guessing for files from other trackers, grouping rows into lifts and the
// import key that makes a second import of the same rows add nothing. CSV text itself is
// written and read by papaparse in the screens (loaded lazily); this module sees rows of cells.
import { TZDate } from '@date-fns/tz';
import type { LiftSet, Measurement, Movement, MovementPropertyType, ScoringType, Units, WeightUnits, Workout, WorkoutInput } from '../../contract/types';
import { isCleanText, LENGTH_UNITS, REP_SCHEME_MAX, SCORING_TYPES, SET_REPS_MAX, SET_REPS_MIN, SETS_MAX, WEIGHT_UNITS, WORKOUT_NAME_MAX, WORKOUT_NOTES_MAX } from '../../limits';
import { setValueProblem } from './lift';

/** Columns of our own CSV export, one row per set of a lift and one per WOD. */
export const EXPORT_COLUMNS = [
  'type', 'date', 'name', 'movement', 'set', 'reps', 'weight', 'weight_units', 'height', 'height_units', 'distance', 'distance_units', 'rep_scheme', 'notes',
  'scoring', 'score_time', 'score_rounds', 'score_repetitions', 'score_distance', 'score_load', 'score_load_units', 'score_calories', 'score_tabata',
  'score_total', 'as_prescribed', 'workout',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];
export type CsvRow = Record<string, string>;

const SCORE_FIELDS = ['score_time', 'score_rounds', 'score_repetitions', 'score_distance', 'score_load', 'score_calories', 'score_tabata', 'score_total'] as const;
const PROPERTIES: readonly MovementPropertyType[] = ['weight', 'height', 'distance'];

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function emptyRow(): Record<ExportColumn, string> {
  return Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, ''])) as Record<ExportColumn, string>;
}

/** The whole log as CSV rows, oldest first: a lift gives a row per set, a WOD one row. */
export function workoutsToRows(workouts: readonly Workout[]): Record<ExportColumn, string>[] {
  const ordered = [...workouts].sort((a, b) => a.completed_at.localeCompare(b.completed_at) || a.id - b.id);
  return ordered.flatMap((workout, index) => {
    // `workout` numbers the file's workouts: two lifts of one movement logged in the same minute stay two.
    const common = { ...emptyRow(), workout: String(index + 1), type: workout.type, date: workout.completed_at, name: workout.name, notes: workout.notes ?? '' };
    if (workout.type === 'wod') {
      const row: Record<ExportColumn, string> = { ...common, scoring: workout.scoring, score_load_units: workout.score_load_units ?? '', as_prescribed: workout.as_prescribed ? 'true' : 'false' };
      for (const field of SCORE_FIELDS) row[field] = text(workout[field]);
      return [row];
    }
    return [...workout.sets].sort((a, b) => a.position - b.position).map((set) => {
      const row: Record<ExportColumn, string> = { ...common, movement: workout.movement.name, set: String(set.position), reps: String(set.repetitions), rep_scheme: workout.rep_scheme };
      for (const property of PROPERTIES) {
        const value = set.values[property];
        if (value) {
          row[property] = String(value.value);
          row[`${property}_units`] = value.units;
        }
      }
      return row;
    });
  });
}

/** The whole log as one JSON document (the wire shapes of GET /workouts). */
export function workoutsToJson(workouts: readonly Workout[], exportedAt: Date): string {
  const ordered = [...workouts].sort((a, b) => a.completed_at.localeCompare(b.completed_at) || a.id - b.id);
  return JSON.stringify({ format: 'training-log', version: 1, exported_at: exportedAt.toISOString(), workouts: ordered }, null, 2);
}

// ---------------------------------------------------------------------------------------------
// Import

/** What the import reads from each row; each maps to one of the file's columns (or none). */
export const IMPORT_FIELDS = ['date', 'movement', 'set', 'reps', 'weight', 'weightUnit', 'notes'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export type ColumnMapping = Record<ImportField, string | null>;

const normal = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

// Headers of our own export, Strong ("Date,Workout Name,Exercise Name,Set Order,Weight,Reps,…")
// and Hevy ("title,start_time,exercise_title,set_index,weight_kg,reps,…"), normalised, best first.
const GUESSES: Record<ImportField, readonly string[]> = {
  date: ['date', 'starttime', 'completedat', 'workoutdate', 'datetime', 'time'],
  movement: ['movement', 'exercisename', 'exercisetitle', 'exercise', 'lift'],
  set: ['set', 'setorder', 'setindex', 'setnumber', 'setno'],
  reps: ['reps', 'repetitions', 'rep'],
  weight: ['weight', 'weightkg', 'weightlbs', 'weightlb', 'load'],
  weightUnit: ['weightunits', 'weightunit', 'units', 'unit'],
  notes: ['notes', 'exercisenotes', 'note', 'comment'],
};

/** The file's column for each field: the first header that matches a known name, else none. */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const byNormal = new Map<string, string>();
  for (const header of headers) if (!byNormal.has(normal(header))) byNormal.set(normal(header), header);
  const mapping = {} as ColumnMapping;
  for (const field of IMPORT_FIELDS) mapping[field] = GUESSES[field].map((name) => byNormal.get(name)).find((header) => header !== undefined) ?? null;
  return mapping;
}

/** Units a weight column's header names ("weight_kg", "Weight (lbs)"), if any. */
export function unitsFromHeader(header: string | null): WeightUnits | null {
  if (!header) return null;
  const name = normal(header);
  if (/(kg|kgs|kilograms?)$/.test(name)) return 'kilograms';
  if (/(lb|lbs|pounds?)$/.test(name)) return 'pounds';
  return null;
}

const UNIT_WORDS: Record<string, Units> = {
  kg: 'kilograms', kgs: 'kilograms', kilo: 'kilograms', kilos: 'kilograms', kilogram: 'kilograms', kilograms: 'kilograms',
  lb: 'pounds', lbs: 'pounds', pound: 'pounds', pounds: 'pounds',
  cm: 'centimetres', centimetre: 'centimetres', centimetres: 'centimetres', centimeter: 'centimetres', centimeters: 'centimetres',
  in: 'inches', inch: 'inches', inches: 'inches', m: 'metres', metre: 'metres', metres: 'metres', meter: 'metres', meters: 'metres',
};

/** "kg", "LBS", "kilograms" → our units; null when unknown. */
export function readUnits(value: string): Units | null {
  return UNIT_WORDS[value.trim().toLowerCase()] ?? null;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A date cell read as { key, iso }: key is the date as the file means it, the same on every
 * device (an instant when the cell has an offset, else the wall-clock text); iso is the
 * instant, a wall-clock time being read in `timeZone` and a bare date at noon.
 * Reads ISO (with or without offset or time), "2023-01-15 10:30:00" (Strong's older files),
 * "2024-03-05 6:12:40 PM" (Strong today: a 12-hour clock, a narrow no-break space before PM) and
 * "15 Jan 2023, 10:30" (Hevy). A 12-hour time gets the same key as the 24-hour one, so the same
 * workout from either file is one. Null when unreadable.
 */
export function readDate(value: string, timeZone: string): { key: string; iso: string } | null {
  const cell = value.trim();
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(cell)) {
    const time = Date.parse(cell.replace(' ', 'T'));
    if (Number.isNaN(time)) return null;
    const iso = new Date(time).toISOString();
    return { key: iso, iso };
  }
  let parts: [number, number, number, number, number, number] | null = null;
  const isoLike = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell);
  // Any space (Strong writes U+202F) before AM or PM, with or without dots.
  const twelve = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?[\s\u00a0\u202f]*([ap])\.?m\.?$/i.exec(cell);
  const hevy = /^(\d{1,2}) ([A-Za-z]{3})[a-z]* (\d{4})(?:,? (\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell);
  if (isoLike) {
    const [, y, m, d, h, min, s] = isoLike;
    parts = [Number(y), Number(m), Number(d), h === undefined ? 12 : Number(h), Number(min ?? 0), Number(s ?? 0)];
  } else if (twelve) {
    const [, y, m, d, h, min, s, half] = twelve;
    const hour = Number(h);
    if (hour < 1 || hour > 12) return null;
    parts = [Number(y), Number(m), Number(d), (hour % 12) + (half!.toLowerCase() === 'p' ? 12 : 0), Number(min), Number(s ?? 0)];
  } else if (hevy) {
    const [, d, mon, y, h, min, s] = hevy;
    const month = MONTHS.indexOf(mon!.toLowerCase()) + 1;
    if (month === 0) return null;
    parts = [Number(y), month, Number(d), h === undefined ? 12 : Number(h), Number(min ?? 0), Number(s ?? 0)];
  }
  if (!parts) return null;
  const [y, m, d, h, min, s] = parts;
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23 || min > 59 || s > 59) return null;
  const wall = new TZDate(y, m - 1, d, h, min, s, timeZone);
  if (wall.getDate() !== d) return null; // 31 February
  return { key: `${y}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(min)}:${pad(s)}`, iso: new Date(wall.getTime()).toISOString() };
}

/** A number cell ("100", "102.5", "1,5" in a comma-decimal locale); null when empty, NaN when unreadable. */
export function readNumber(value: string | undefined): number | null {
  const cell = (value ?? '').trim();
  if (cell === '') return null;
  if (!/^-?\d+([.,]\d+)?$/.test(cell)) return Number.NaN;
  return Number(cell.replace(',', '.'));
}

export type RowProblem = 'text' | 'date' | 'movement' | 'reps' | 'weight' | 'units' | 'value' | 'noWeight' | 'tooManySets' | 'scoring' | 'score' | 'name';

/** A row that cannot be imported, by its line in the file (the header is line 1). */
export interface RowError {
  line: number;
  problem: RowProblem;
  value: string;
}

/** A workout the file will make, with the file lines it comes from. */
export interface PlannedWorkout {
  input: WorkoutInput;
  /** The member-independent content the import key hashes. */
  keySource: string;
  /** The file's exercise name for a lift; the workout name for a WOD. */
  source: string;
  lines: number[];
}

export interface ImportOptions {
  mapping: ColumnMapping;
  /** Movement catalogue, matched by name case-insensitively. */
  movements: readonly Movement[];
  /** Exercise names (lowercased) the member mapped by hand: a movement id, or null to skip them. */
  choices?: ReadonlyMap<string, number | null>;
  /** Units of weights when the file names none. */
  defaultWeightUnits: WeightUnits;
  timeZone: string;
}

export interface ImportPlan {
  workouts: PlannedWorkout[];
  errors: RowError[];
  /** Exercise names without a movement (neither by name nor chosen), with their row count: skipped. */
  unknown: { name: string; rows: number }[];
  /** Rows of exercises the member chose to skip. */
  skippedRows: number;
  /** Warm-up sets (Hevy's set_type "warmup", Strong's set order "W"): left out, never records. */
  warmupRows: number;
}

/** A warm-up set: Hevy's `set_type` column says "warmup", Strong's set order is "W". */
function isWarmup(row: CsvRow, setCell: string): boolean {
  if (setCell.toUpperCase() === 'W') return true;
  const type = Object.keys(row).find((header) => normal(header) === 'settype');
  return type !== undefined && normal(row[type] ?? '') === 'warmup';
}

const nameKey = (name: string) => name.trim().toLocaleLowerCase();

/** The text the import key of a lift hashes: its day and time as the file gives them, the exercise and every set. */
export function liftKeySource(dateKey: string, exercise: string, sets: readonly LiftSet[]): string {
  const setText = sets.map((set) => {
    const values = PROPERTIES.flatMap((property) => {
      const value = set.values[property];
      return value ? [`${property}=${value.value}${value.units}`] : [];
    });
    return `${set.position}:${set.repetitions}:${values.join(',')}`;
  });
  return ['v1', 'lift', dateKey, nameKey(exercise), setText.join(';')].join('|');
}

type WodScores = Pick<Extract<WorkoutInput, { type: 'wod' }>, 'scoring' | (typeof SCORE_FIELDS)[number] | 'score_load_units' | 'as_prescribed'>;

/** The text the import key of a WOD hashes: day and time, name, scoring and every score. */
export function wodKeySource(dateKey: string, name: string, scores: WodScores): string {
  const values = SCORE_FIELDS.map((field) => text(scores[field]));
  return ['v1', 'wod', dateKey, nameKey(name), scores.scoring, values.join(','), scores.score_load_units ?? '', scores.as_prescribed ? 'rx' : ''].join('|');
}

/** The key source of a workout already in the log, to recognise rows exported from it. */
export function workoutKeySource(workout: Workout): string {
  const dateKey = new Date(Date.parse(workout.completed_at)).toISOString();
  return workout.type === 'lift' ? liftKeySource(dateKey, workout.movement.name, workout.sets) : wodKeySource(dateKey, workout.name, workout);
}

/**
 * Key sources with repeats told apart: the second identical workout (same time, exercise and
 * sets, e.g. logged twice in one minute) gets "#2", and so on, in the order given (oldest
 * first). The order of identical workouts never changes, so the keys stay the same on the next export.
 */
export function numberRepeats(sources: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return sources.map((source) => {
    const count = (seen.get(source) ?? 0) + 1;
    seen.set(source, count);
    return count === 1 ? source : `${source}\u0000#${count}`;
  });
}

/** Hex SHA-256 of a key source: the workout's import_key (IMPORT_KEY_PATTERN). */
export async function importKey(source: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(source));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** "5x5" when every set has the same reps, else "5-3-1"; empty when too long. */
export function repSchemeOf(sets: readonly LiftSet[]): string {
  const reps = sets.map((set) => set.repetitions);
  const scheme = reps.every((r) => r === reps[0]) ? `${reps.length}x${reps[0]}` : reps.join('-');
  return scheme.length <= REP_SCHEME_MAX ? scheme : '';
}

const clip = (value: string, max: number) => value.trim().slice(0, max);

function joinNotes(notes: readonly string[]): string | null {
  const unique = [...new Set(notes.map((n) => n.trim()).filter(Boolean))];
  return unique.length === 0 ? null : clip(unique.join('\n'), WORKOUT_NOTES_MAX);
}

interface LiftRow {
  line: number;
  order: number | null;
  reps: number;
  values: LiftSet['values'];
  notes: string;
  name: string;
  repScheme: string;
}

interface LiftGroup {
  dateKey: string;
  iso: string;
  exercise: string;
  movement: Movement;
  rows: LiftRow[];
}

const isWeightUnits = (units: Units): units is WeightUnits => (WEIGHT_UNITS as readonly string[]).includes(units);
const isLengthUnits = (units: Units) => (LENGTH_UNITS as readonly string[]).includes(units);

/**
 * The file's rows as workouts: lifts grouped by (date, exercise), one set per row, sets in the
 * file's set order; WOD rows of our own export (type "wod") one workout each. Rows that cannot be
 * read are reported by line and not imported; nothing else is dropped silently.
 */
export function planImport(rows: readonly CsvRow[], options: ImportOptions): ImportPlan {
  const { mapping, timeZone } = options;
  const byName = new Map(options.movements.map((movement) => [nameKey(movement.name), movement]));
  const movementsById = new Map(options.movements.map((movement) => [movement.id, movement]));
  const headerUnits = unitsFromHeader(mapping.weight);
  const errors: RowError[] = [];
  const unknown = new Map<string, { name: string; rows: number }>();
  const groups = new Map<string, LiftGroup>();
  const workouts: PlannedWorkout[] = [];
  let skippedRows = 0;
  let warmupRows = 0;
  const cell = (row: CsvRow, field: ImportField) => (mapping[field] ? (row[mapping[field]] ?? '').trim() : '');

  rows.forEach((row, index) => {
    const line = index + 2;
    const fail = (problem: RowProblem, value: string) => errors.push({ line, problem, value });
    // Control characters or broken Unicode would be refused by the server, losing the whole workout.
    const unclean = [cell(row, 'notes'), row.name ?? '', row.notes ?? ''].find((value) => !isCleanText(value));
    if (unclean !== undefined) return fail('text', '');
    const date = readDate(cell(row, 'date'), timeZone);
    if (!date) return fail('date', cell(row, 'date'));
    if ((row.type ?? '').trim().toLowerCase() === 'wod') {
      const planned = wodFromRow(row, date, line, fail);
      if (planned) workouts.push(planned);
      return;
    }
    const exercise = cell(row, 'movement');
    if (!exercise) return fail('movement', '');
    // A warm-up is not the lift: kept out of the sets (so never a record), counted for the member.
    if (isWarmup(row, cell(row, 'set'))) {
      warmupRows += 1;
      return;
    }
    const chosen = options.choices?.get(nameKey(exercise));
    if (chosen === null) {
      skippedRows += 1;
      return;
    }
    const movement = chosen === undefined ? byName.get(nameKey(exercise)) : movementsById.get(chosen);
    if (!movement) {
      const entry = unknown.get(nameKey(exercise)) ?? { name: exercise.trim(), rows: 0 };
      entry.rows += 1;
      unknown.set(nameKey(exercise), entry);
      return;
    }
    const reps = readNumber(cell(row, 'reps'));
    if (reps === null || !Number.isInteger(reps) || reps < SET_REPS_MIN || reps > SET_REPS_MAX) return fail('reps', cell(row, 'reps'));
    const values = liftValues(row, movement, options, headerUnits, cell, fail);
    if (!values) return;
    const order = readNumber(cell(row, 'set'));
    // Our own export numbers its workouts; other files group by date and exercise.
    const number = (row.workout ?? '').trim();
    const groupKey = `${number === '' ? date.key : `#${number}`}\u0000${nameKey(exercise)}`;
    const group = groups.get(groupKey) ?? { dateKey: date.key, iso: date.iso, exercise: exercise.trim(), movement, rows: [] };
    group.rows.push({ line, order: order !== null && Number.isFinite(order) ? order : null, reps, values, notes: cell(row, 'notes'), name: (row.name ?? '').trim(), repScheme: (row.rep_scheme ?? '').trim() });
    groups.set(groupKey, group);
  });

  for (const group of groups.values()) {
    if (group.rows.length > SETS_MAX) {
      for (const row of group.rows) errors.push({ line: row.line, problem: 'tooManySets', value: group.exercise });
      continue;
    }
    // The file's set order when every row gives one (Hevy counts from 0), else the rows' order.
    const ordered = group.rows.every((row) => row.order !== null) ? [...group.rows].sort((a, b) => a.order! - b.order!) : group.rows;
    const sets: LiftSet[] = ordered.map((row, i) => ({ position: i + 1, repetitions: row.reps, movement_id: group.movement.id, values: row.values }));
    const first = ordered[0]!;
    workouts.push({
      input: {
        type: 'lift',
        name: clip(first.name || group.movement.name, WORKOUT_NAME_MAX),
        completed_at: group.iso,
        notes: joinNotes(ordered.map((row) => row.notes)),
        movement_id: group.movement.id,
        rep_scheme: first.repScheme.slice(0, REP_SCHEME_MAX) || repSchemeOf(sets),
        sets,
      },
      keySource: liftKeySource(group.dateKey, group.exercise, sets),
      source: group.exercise,
      lines: ordered.map((row) => row.line),
    });
  }
  workouts.sort((a, b) => a.input.completed_at.localeCompare(b.input.completed_at) || a.lines[0]! - b.lines[0]!);
  numberRepeats(workouts.map((w) => w.keySource)).forEach((source, i) => (workouts[i]!.keySource = source));
  errors.sort((a, b) => a.line - b.line);
  return { workouts, errors, unknown: [...unknown.values()], skippedRows, warmupRows };
}

type Cell = (row: CsvRow, field: ImportField) => string;
type Fail = (problem: RowProblem, value: string) => void;

/** A set's values for the movement's properties: weight from the mapped columns, height and distance from our own export's columns. */
function liftValues(row: CsvRow, movement: Movement, options: ImportOptions, headerUnits: WeightUnits | null, cell: Cell, fail: Fail): LiftSet['values'] | null {
  const properties = new Set(movement.properties.map((p) => p.type));
  const values: LiftSet['values'] = {};
  const weight = readNumber(cell(row, 'weight'));
  if (weight !== null) {
    if (Number.isNaN(weight) || setValueProblem('weight', weight)) return fail('weight', cell(row, 'weight')), null;
    if (!properties.has('weight')) {
      // A bodyweight set written as 0 in another tracker: nothing to keep.
      if (weight > 0) return fail('noWeight', movement.name), null;
    } else {
      const unitCell = cell(row, 'weightUnit');
      const units = unitCell ? readUnits(unitCell) : (headerUnits ?? options.defaultWeightUnits);
      if (!units || !isWeightUnits(units)) return fail('units', unitCell), null;
      values.weight = { value: weight, units };
    }
  }
  for (const property of ['height', 'distance'] as const) {
    if (!properties.has(property)) continue;
    const value = readNumber(row[property]);
    if (value === null) continue;
    const units = readUnits(row[`${property}_units`] ?? '');
    if (Number.isNaN(value) || setValueProblem(property, value)) return fail('value', row[property] ?? ''), null;
    if (!units || !isLengthUnits(units)) return fail('units', row[`${property}_units`] ?? ''), null;
    values[property] = { value, units } as Measurement;
  }
  return values;
}

/** A WOD row of our own export. */
function wodFromRow(row: CsvRow, date: { key: string; iso: string }, line: number, fail: Fail): PlannedWorkout | null {
  const name = (row.name ?? '').trim();
  if (!name) return fail('name', ''), null;
  const scoring = (row.scoring ?? '').trim() as ScoringType;
  if (!(SCORING_TYPES as readonly string[]).includes(scoring)) return fail('scoring', row.scoring ?? ''), null;
  const scores: WodScores = { scoring, as_prescribed: (row.as_prescribed ?? '').trim().toLowerCase() === 'true', score_load_units: null };
  for (const field of SCORE_FIELDS) {
    const value = readNumber(row[field]);
    if (value !== null && (Number.isNaN(value) || value < 0)) return fail('score', row[field] ?? ''), null;
    scores[field] = value;
  }
  const loadUnits = (row.score_load_units ?? '').trim();
  if (loadUnits) {
    const units = readUnits(loadUnits);
    if (!units || !isWeightUnits(units)) return fail('units', loadUnits), null;
    scores.score_load_units = units;
  }
  return {
    input: { type: 'wod', name: clip(name, WORKOUT_NAME_MAX), completed_at: date.iso, notes: joinNotes([row.notes ?? '']), ...scores },
    keySource: wodKeySource(date.key, name, scores),
    source: name,
    lines: [line],
  };
}
