export { Field, focusFirstInvalid, type FieldAria, type FieldProps } from './Field';
