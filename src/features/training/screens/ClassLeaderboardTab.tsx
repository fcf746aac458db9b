// The leaderboard tab of a class: one ranked board per whiteboard workout. The member's own
// results show at once, synced or not; others' come from the studio and can be cheered. Weights
// read in the member's units; a member who hides their results sees their rows marked as theirs alone.
import { useTranslation } from '../../../i18n/use-translation';
import { useClassContext } from '../../booking/public-tabs';
import { WhiteboardNotShared } from './WhiteboardNotShared';
import { definitionSummary } from './whiteboard-items';
import { useLeaderboard, useRefreshLeaderboard, type LeaderboardRow } from '../hooks';
import { toggleWorkoutReaction } from '../commands';
import { useFormat } from '../../../i18n/useFormat';
import type { Formatter } from '../../../i18n/format';
import { EmptyState } from '../../../ui/empty-state/index';
import { Spinner } from '../../../ui/spinner/index';
import { Avatar } from '../../../ui/avatar/index';
import { useCommand } from '../../../ui/use-command';
import { formatMeasurement, formatWodScore, heaviestWeight, prescribedLabel } from './score-format';
import { logResultPath } from './paths';
import './training.css';
import { ButtonLink, buttonClass } from '../../../ui/button/index';
import { Chip, WaitingToSync } from '../../../ui/chip/index';
import { useHiddenFromLeaderboards, useMeasurementUnits } from '../../profile/public';
import { inWeightUnits } from '../../../../core/rules/training/lift';
import type { WeightUnits, WodWorkout } from '../../../../core/contract/types';

export default function ClassLeaderboardTab() {
  const { t } = useTranslation('training');
  const { session, timeZone } = useClassContext();
  const format = useFormat(timeZone);
  const view = useLeaderboard(session.id);
  useRefreshLeaderboard(session.id);
  const { weight } = useMeasurementUnits();
  const hidden = useHiddenFromLeaderboards();

  if (view === undefined) return <Spinner block />;
  if (!view.visible) return <WhiteboardNotShared visibility={session.whiteboard_visibility} />;
  if (view.boards.length === 0) {
    return view.loaded
      ? <EmptyState title={t('classWorkouts.none')} body={t('whiteboard.hint')} />
      : <EmptyState title={t('leaderboard.notLoaded')} body={t('leaderboard.notLoadedHint')} />;
  }
  return (
    <div className="stack" data-testid="leaderboard">
      {!view.loaded && <p className="notice notice--info">{t('leaderboard.localOnly')}</p>}
      {view.boards.map(({ definition, entries }) => {
        const headingId = `board-${definition.id}`;
        const summary = definitionSummary(definition, t);
        return (
          <section key={definition.id} className="card leaderboard" aria-labelledby={headingId} data-testid="leaderboard-board" data-definition-id={definition.id}>
            <div className="card__header">
              <div>
                <h2 id={headingId} className="card__title">{definition.name}</h2>
                {summary && <p className="muted text-sm">{summary}</p>}
              </div>
              <ButtonLink size="sm" to={logResultPath(definition, session.id)} aria-describedby={headingId}>{t('classWorkouts.logResult')}</ButtonLink>
            </div>
            {entries.length === 0 ? (
              <p className="muted" data-testid="leaderboard-empty">{t('leaderboard.noResults')}</p>
            ) : (
              <ol className="leaderboard__list">
                {entries.map((entry) => <LeaderboardEntryRow key={entry.workout_id} entry={entry} sessionId={session.id} format={format} weight={weight} hidden={hidden} />)}
              </ol>
            )}
          </section>
        );
      })}
    </div>
  );
}

interface EntryRowProps {
  entry: LeaderboardRow;
  sessionId: number;
  format: Formatter;
  /** The member's weight units: every weight on the board reads in them. */
  weight: WeightUnits;
  /** The member hides their results from others: their own rows say so. */
  hidden: boolean;
}

function LeaderboardEntryRow({ entry, sessionId, format, weight, hidden }: EntryRowProps) {
  const { t } = useTranslation('training');
  const { workout } = entry;
  // A lift board ranks by the heaviest set; the rep scheme is the board's own.
  const heaviest = workout.type === 'lift' ? heaviestWeight(workout.sets) : null;
  const score = workout.type === 'wod'
    ? formatWodScore(wodInWeightUnits(workout, weight), format, t)
    : heaviest ? formatMeasurement(inWeightUnits(heaviest, weight), format) : workout.rep_scheme;
  const cheered = workout.reactions.mine !== null;
  const run = useCommand();
  const cheer = () => run(() => toggleWorkoutReaction(entry.workout_id, sessionId));
  return (
    <li className={`leader-row${entry.mine ? ' leader-row--mine' : ''}`} data-testid="leaderboard-entry" data-workout-id={entry.workout_id} data-rank={entry.rank}>
      <span className="leader-row__rank">
        <span className="visually-hidden">{t('leaderboard.rank')} </span>{format.number(entry.rank)}
      </span>
      <Avatar src={entry.member.avatar_url} name={entry.member.full_name} alt="" size="sm" />
      <span className="leader-row__main">
        <span className="leader-row__name">{entry.member.full_name}</span>
        <span className="status-badges">
          {entry.mine && <Chip tone="brand" testId="leaderboard-mine">{t('leaderboard.you')}</Chip>}
          {entry.mine && hidden && <Chip tone="neutral" testId="leaderboard-only-you">{t('leaderboard.onlyYou')}</Chip>}
          {workout.type === 'wod' && <Chip tone={workout.as_prescribed ? 'brand' : 'neutral'}>{prescribedLabel(workout.as_prescribed, t)}</Chip>}
          {entry.pending && <WaitingToSync />}
        </span>
      </span>
      {/* Score over the cheer, so the name keeps the row's width and wraps only between words. */}
      <span className="leader-row__end">
      <span className="leader-row__score" data-testid="leaderboard-score">{score || '–'}</span>
      {entry.mine ? (
        workout.reactions.count > 0 && (
          <span className="leader-row__cheers muted text-sm">{t('leaderboard.cheers', { count: workout.reactions.count, value: format.number(workout.reactions.count) })}</span>
        )
      ) : (
        <button type="button" className={buttonClass({ size: 'sm' }, `cheer${cheered ? ' cheer--on' : ''}`)} aria-pressed={cheered} onClick={() => void cheer()} data-testid="cheer">
          <HeartIcon filled={cheered} />
          <span className="visually-hidden">{t('leaderboard.cheerFor', { name: entry.member.full_name })}</span>
          <span className="cheer__count" data-testid="cheer-count">{format.number(workout.reactions.count)}</span>
        </button>
      )}
      </span>
    </li>
  );
}

/** A for-load score in the member's weight units (the stored result keeps its own). */
function wodInWeightUnits(wod: WodWorkout, units: WeightUnits): WodWorkout {
  if (wod.score_load === null || wod.score_load_units === null) return wod;
  const load = inWeightUnits({ value: wod.score_load, units: wod.score_load_units }, units);
  return { ...wod, score_load: load.value, score_load_units: units };
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width={18} height={18} aria-hidden="true" focusable="false" className="icon"
      fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d="M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 1 0-7.8 7.8l1 1L12 21l7.8-7.6 1-1a5.5 5.5 0 0 0 0-7.8z" />
    </svg>
  );
}
