// Translation keys are typed from the en-US files, so a misspelt key fails typecheck.
import type shell from '../../locales/en-US/shell.json';
import type booking from '../../locales/en-US/booking.json';
import type training from '../../locales/en-US/training.json';
import type profile from '../../locales/en-US/profile.json';
import type appointments from '../../locales/en-US/appointments.json';
import type account from '../../locales/en-US/account.json';
import type feed from '../../locales/en-US/feed.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell';
    fallbackNS: 'shell';
    resources: { shell: typeof shell; booking: typeof booking; training: typeof training; profile: typeof profile; appointments: typeof appointments; account: typeof account; feed: typeof feed };
  }
}
