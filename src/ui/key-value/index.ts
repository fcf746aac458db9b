export { KeyValueList, type KeyValueItem } from './KeyValueList';
