import i18next from 'i18next';

/** Expected UI strings come from the same English resources, so copy edits do not break tests. */
export const t = (key: string): string => i18next.t(key);
