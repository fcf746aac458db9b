export { Dropdown, type DropdownProps, type DropdownTriggerProps } from './Dropdown';
export { DropdownItem, DropdownSeparator, type DropdownItemProps } from './DropdownItem';
export { useDropdown, type DropdownApi } from './DropdownContext';
export { computePosition, type Position, type PositionOptions, type Rect, type Size } from './position';
