// Hand-over between index.html's two inline scripts (restore-head.ts, restore-body.ts) and the app.
interface Window {
  /** restore-head.ts → restore-body.ts: the saved screen's markup and whose it is (format.ts#screenOwner). */
  __lastScreen?: { html: string; who: string };
  /** restore-body.ts → the app (splash.ts#followLastScreenTaps): a link tapped on the saved screen. */
  __lastScreenTap?: { path: string; who: string };
}
