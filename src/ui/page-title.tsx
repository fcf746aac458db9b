// Each screen names itself; the top bar and document.title follow.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from '../i18n/use-translation';

interface PageTitle {
  title: string;
  setTitle: (title: string) => void;
}

const PageTitleContext = createContext<PageTitle>({ title: '', setTitle: () => undefined });

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState('');
  return <PageTitleContext.Provider value={{ title, setTitle }}>{children}</PageTitleContext.Provider>;
}

export function useCurrentPageTitle(): string {
  return useContext(PageTitleContext).title;
}

/** Sets the top bar title and the document title from a translation key. */
export function usePageTitle(titleKey: ParseKeys<'shell'>): string {
  const { t } = useTranslation();
  const { setTitle } = useContext(PageTitleContext);
  const title = t(titleKey);
  useEffect(() => {
    setTitle(title);
    document.title = `${title} · ${t('app.name')}`;
  }, [setTitle, title, t]);
  return title;
}
