// The app's useTranslation: react-i18next's { t, i18n } for a namespace, at a fraction of its cost
// per component. react-i18next's hook copies the i18next instance's properties into a new object,
// makes a new t and subscribes to the instance, for every component that calls it; the timetable's
// first screen mounts some sixty, each row its own, and that copying was a visible part of the work
// before the live rows (decisions.md#lean-translation). Here one t per language and namespace is
// shared, and one listener per instance tells the components that ask.
import { useContext, useEffect, useSyncExternalStore } from 'react';
import { getI18n, I18nContext } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';
import type { Namespace } from './index';

interface Shared {
  /** One subscription per component, to one listener on the instance (useSyncExternalStore's). */
  subscribe: (listener: () => void) => () => void;
  /** t per `language|namespace|loaded`: the same function for every component that asks for it. */
  fixed: Map<string, TFunction<Namespace>>;
}

const shared = new WeakMap<I18n, Shared>();

function sharedOf(instance: I18n): Shared {
  let entry = shared.get(instance);
  if (!entry) {
    const listeners = new Set<() => void>();
    const made: Shared = {
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      fixed: new Map(),
    };
    // A new language, or a namespace's strings arriving: each component compares its own snapshot.
    const changed = () => listeners.forEach((listener) => listener());
    instance.on('languageChanged', changed);
    instance.on('loaded', changed);
    shared.set(instance, made);
    entry = made;
  }
  return entry;
}

/** The instance of the nearest I18nextProvider, else the one set up with initReactI18next (none in some tests). */
function useInstance(): I18n | undefined {
  return useContext(I18nContext)?.i18n ?? (getI18n() as I18n | undefined);
}

/** With no instance at all, react-i18next's answer: the default value given, else the key. */
const keyOnly = (key: string | string[], options?: unknown): string => {
  if (typeof options === 'string') return options;
  const fallback = (options as { defaultValue?: unknown } | undefined)?.defaultValue;
  if (typeof fallback === 'string') return fallback;
  return Array.isArray(key) ? (key.at(-1) ?? '') : key;
};
const NO_INSTANCE: Shared = { subscribe: () => () => undefined, fixed: new Map() };

/**
 * t for `ns` (the shell's by default; the shell's strings are the fallback of every namespace) in the
 * current language, and the instance. A component renders again when the language changes or its
 * namespace's strings arrive, and only then is t a new function.
 */
export function useTranslation<N extends Namespace = 'shell'>(ns?: N): { t: TFunction<N>; i18n: I18n } {
  const instance = useInstance();
  const namespace: Namespace = ns ?? 'shell';
  const { subscribe, fixed } = instance ? sharedOf(instance) : NO_INSTANCE;
  const current = () => (instance ? `${instance.language}|${instance.hasLoadedNamespace(namespace) ? 1 : 0}` : 'none');
  const snapshot = useSyncExternalStore(subscribe, current, current);
  const loaded = snapshot.endsWith('|1');
  // Screens load their strings with their chunk (withStrings); a component that still finds them
  // missing asks for them, and renders again when they arrive ('loaded').
  useEffect(() => {
    if (instance && !loaded && instance.isInitialized) void instance.loadNamespaces(namespace);
  }, [loaded, instance, namespace]);
  if (!instance) return { t: keyOnly as unknown as TFunction<N>, i18n: {} as I18n };
  // A new t when the strings arrive too, so what a component memoised on t is worked out again.
  const key = `${instance.language}|${namespace}|${loaded}`;
  let t = fixed.get(key);
  if (!t) {
    t = instance.getFixedT(instance.language, namespace);
    fixed.set(key, t);
  }
  return { t: t as TFunction<N>, i18n: instance };
}
