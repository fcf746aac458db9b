import { resolveLocale, type Locale } from '../../core/locales';

// The texts of the emails members get, in their language (the profile's locale).

interface ResetTexts {
  subject: string;
  body: (name: string, link: string, minutes: number) => string;
}

const RESET: Record<Locale, ResetTexts> = {
  'en-US': {
    subject: 'Reset your password',
    body: (name, link, minutes) => `Hi ${name},\n\nSomeone (we hope you) asked to reset the password of your member account. Choose a new password here:\n\n${link}\n\nThe link works once, for ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.\n`,
  },
  'en-GB': {
    subject: 'Reset your password',
    body: (name, link, minutes) => `Hi ${name},\n\nSomeone (we hope you) asked to reset the password of your member account. Choose a new password here:\n\n${link}\n\nThe link works once, for ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.\n`,
  },
  en: {
    subject: 'Reset your password',
    body: (name, link, minutes) => `Hi ${name},\n\nSomeone (we hope you) asked to reset the password of your member account. Choose a new password here:\n\n${link}\n\nThe link works once, for ${minutes} minutes. If you did not ask, ignore this email: your password stays as it is.\n`,
  },
  'es-ES': {
    subject: 'Restablece tu contraseña',
    body: (name, link, minutes) => `Hola, ${name}:\n\nAlguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de socio. Elige una nueva aquí:\n\n${link}\n\nEl enlace sirve una sola vez, durante ${minutes} minutos. Si no lo has pedido, ignora este correo: tu contraseña no cambia.\n`,
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    body: (name, link, minutes) => `Bonjour ${name},\n\nQuelqu’un (vous, nous l’espérons) a demandé à réinitialiser le mot de passe de votre compte membre. Choisissez-en un nouveau ici :\n\n${link}\n\nLe lien ne sert qu’une fois, pendant ${minutes} minutes. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe ne change pas.\n`,
  },
  et: {
    subject: 'Lähtesta oma parool',
    body: (name, link, minutes) => `Tere, ${name}!\n\nKeegi (loodetavasti sina) palus lähtestada sinu liikmekonto parooli. Vali uus parool siin:\n\n${link}\n\nLink töötab ühe korra ja ${minutes} minutit. Kui sa seda ei palunud, jäta see kiri tähelepanuta: sinu parool jääb samaks.\n`,
  },
  'mi-NZ': {
    subject: 'Tautuhia anō tō kupuhipa',
    body: (name, link, minutes) => `Kia ora ${name},\n\nI tono tētahi (ko koe pea) kia tautuhia anō te kupuhipa o tō pūkete mema. Kōwhiria he kupuhipa hou ki konei:\n\n${link}\n\nKotahi noa te whakamahinga o te hononga, mō ngā meneti ${minutes}. Ki te kore koe i tono, waiho tēnei īmēra: ka noho tonu tō kupuhipa.\n`,
  },
};

export function passwordResetMail(locale: string, name: string, link: string, minutes: number): { subject: string; text: string } {
  const texts = RESET[resolveLocale(locale)];
  return { subject: texts.subject, text: texts.body(name, link, minutes) };
}
