import type { TFunction } from 'i18next';
import type { Instructor } from '../../../../core/contract/types';

/** "Mia Kahu, Tom Reid (cover)": substitutes are marked so members know who is teaching. */
export function instructorNames(instructors: readonly Instructor[], t: TFunction<'booking'>): string {
  return instructors.map((i) => (i.substituted ? t('classes.substitute', { name: i.full_name }) : i.full_name)).join(', ');
}
