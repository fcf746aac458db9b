export { List, ListRow } from './List';
