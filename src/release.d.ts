/** This build's release, version+commit (vite.config.ts): named by every error report and vital. */
declare const __APP_RELEASE__: string;
