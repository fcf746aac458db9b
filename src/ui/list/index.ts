export { List, ListRow, type ListRowProps } from './List';
