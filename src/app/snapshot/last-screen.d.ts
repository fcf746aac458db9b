// Hand-over from restore-head.ts to restore-body.ts (index.html's two inline scripts).
interface Window {
  __lastScreen?: string;
}
