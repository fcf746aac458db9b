export { Field, focusFirstInvalid, type FieldAria } from './Field';
