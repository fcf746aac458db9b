// Offers installation where the browser supports a prompt, and explains it on iOS, which has none.
import { useTranslation } from '../../i18n/use-translation';
import { usePwaState, setPwaState } from './state';
import { Button } from '../../ui/button/index';

function isIos(): boolean {
  return /iphone|ipad|ipod/i.test(navigator.userAgent) || (navigator.platform === 'MacIntel' && navigator.maxTouchPoints > 1);
}

function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;
}

export function InstallApp() {
  const { t } = useTranslation();
  const { installPrompt } = usePwaState();
  if (isStandalone()) return null;
  if (installPrompt) {
    const install = async () => {
      await installPrompt.prompt();
      await installPrompt.userChoice;
      setPwaState({ installPrompt: null });
    };
    return <Button  onClick={() => void install()}>{t('pwa.install')}</Button>;
  }
  if (isIos()) {
    return (
      <div className="notice notice--info">
        <strong>{t('pwa.installIosTitle')}</strong>
        <p>{t('pwa.installIos')}</p>
      </div>
    );
  }
  return null;
}
