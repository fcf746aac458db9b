export { Chip, ChoiceChip } from './Chip';
export { WaitingToSync } from './WaitingToSync';
