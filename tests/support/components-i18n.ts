import i18next, { type ParseKeys } from 'i18next';

/** Expected UI strings come from the same English resources, so copy edits do not break tests. */
export const t = (key: ParseKeys<'shell'>): string => i18next.t(key);
