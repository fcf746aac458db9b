export { Chip, ChoiceChip, type ChipTone, type ChoiceChipProps } from './Chip';
