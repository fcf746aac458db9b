// What a class's whiteboard items say: their name, and how the workout is scored or lifted.
import type { TFunction } from 'i18next';
import type { WhiteboardItem, WorkoutDefinition } from '../../../../core/contract/types';

/** Items in the order the coach wrote them up. */
export function sortedItems(items: readonly WhiteboardItem[] | null | undefined): WhiteboardItem[] {
  return [...(items ?? [])].filter((item) => item?.definition).sort((a, b) => a.position - b.position);
}

/** A whiteboard item's display name; null when it has none. */
export function whiteboardItemTitle(item: Pick<WhiteboardItem, 'definition'>): string | null {
  const name = item.definition?.name;
  return typeof name === 'string' && name.trim() ? name : null;
}

/** "For time" for a WOD; "5x5 · Back squat" for a lift. */
export function definitionSummary(definition: Pick<WorkoutDefinition, 'type' | 'scoring' | 'rep_scheme' | 'movement'>, t: TFunction<'training'>): string {
  if (definition.type === 'wod') return definition.scoring ? t(`training.scoringTypes.${definition.scoring}`) : '';
  return [definition.rep_scheme, definition.movement?.name].filter(Boolean).join(' · ');
}
