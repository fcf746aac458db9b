export { Chip, ChoiceChip } from './Chip';
