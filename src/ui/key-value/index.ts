export { KeyValueList } from './KeyValueList';
