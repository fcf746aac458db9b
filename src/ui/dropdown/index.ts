export { Dropdown, type DropdownProps } from './Dropdown';
export { DropdownItem } from './DropdownItem';
