// The member's profile locale decides the language (SPEC: chosen on sign-in); when it changes
// on another device, the next profile pull brings it here.
import { useEffect } from 'react';
import { useProfile } from '../data/hooks/auth';
import { changeLocale, currentLocale, resolveLocale } from '../i18n';

export function LocaleFollower() {
  const locale = useProfile()?.locale;
  useEffect(() => {
    if (locale && resolveLocale(locale) !== currentLocale()) void changeLocale(locale);
  }, [locale]);
  return null;
}
