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

type InviteBody = (org: string, facility: string, link: string, days: number) => string;

const INVITE_EN = {
  subject: (org: string) => `You're invited to join ${org}`,
  body: ((org, facility, link, days) => `Hi,\n\n${org} invites you to their member app at ${facility}: book classes and appointments, join waitlists and keep your training log, even offline.\n\nCreate your account (or sign in, if you already use the app) here:\n\n${link}\n\nThe invitation works once, for ${days} days.\n`) as InviteBody,
};

const INVITE: Record<Locale, { subject: (org: string) => string; body: InviteBody }> = {
  en: INVITE_EN,
  'en-GB': INVITE_EN,
  'en-US': INVITE_EN,
  'es-ES': {
    subject: (org) => `${org} te invita a unirte`,
    body: (org, facility, link, days) => `Hola:\n\n${org} te invita a su app de socios en ${facility}: reserva clases y citas, apúntate a listas de espera y lleva tu registro de entrenamiento, incluso sin conexión.\n\nCrea tu cuenta (o inicia sesión si ya usas la app) aquí:\n\n${link}\n\nLa invitación sirve una vez, durante ${days} días.\n`,
  },
  fr: {
    subject: (org) => `${org} vous invite à les rejoindre`,
    body: (org, facility, link, days) => `Bonjour,\n\n${org} vous invite dans son application membre à ${facility} : réservez cours et rendez-vous, inscrivez-vous sur les listes d’attente et tenez votre carnet d’entraînement, même hors ligne.\n\nCréez votre compte (ou connectez-vous si vous utilisez déjà l’application) ici :\n\n${link}\n\nL’invitation ne sert qu’une fois, pendant ${days} jours.\n`,
  },
  et: {
    subject: (org) => `${org} kutsub sind liituma`,
    body: (org, facility, link, days) => `Tere!\n\n${org} kutsub sind oma liikmerakendusse (${facility}): broneeri tunde ja aegu, liitu ootenimekirjadega ja pea trenni päevikut ka võrguühenduseta.\n\nLoo konto (või logi sisse, kui juba kasutad rakendust) siin:\n\n${link}\n\nKutse töötab ühe korra ja ${days} päeva.\n`,
  },
  'mi-NZ': {
    subject: (org) => `Ka pōwhiritia koe e ${org}`,
    body: (org, facility, link, days) => `Kia ora,\n\nKa pōwhiri a ${org} i a koe ki tā rātou taupānga mema ki ${facility}: tāpuitia ngā karaehe me ngā huinga, uru ki ngā rārangi tatari, tiakina tō rēkoata whakangungu, ahakoa kāore he tuihono.\n\nWaihangatia tō pūkete (takiuru rānei mēnā kei te whakamahi kē koe i te taupānga) ki konei:\n\n${link}\n\nKotahi noa te whakamahinga o te pōwhiri, mō ngā rā ${days}.\n`,
  },
};

export function invitationMail(locale: string, org: string, facility: string, link: string, days: number): { subject: string; text: string } {
  const texts = INVITE[resolveLocale(locale)];
  return { subject: texts.subject(org), text: texts.body(org, facility, link, days) };
}

type EmailChangedBody = (name: string, newEmail: string) => string;

const EMAIL_CHANGED_EN = {
  subject: 'The email you sign in with was changed',
  body: ((name, newEmail) => `Hi ${name},\n\nThe email you sign in to your member account with was changed from this address to ${newEmail}. Password reset links now go there.\n\nIf you made this change, there is nothing to do. If you did not, someone else may be using your account: contact your studio straight away.\n`) as EmailChangedBody,
};

const EMAIL_CHANGED: Record<Locale, { subject: string; body: EmailChangedBody }> = {
  en: EMAIL_CHANGED_EN,
  'en-GB': EMAIL_CHANGED_EN,
  'en-US': EMAIL_CHANGED_EN,
  'es-ES': {
    subject: 'Se ha cambiado el correo con el que inicias sesión',
    body: (name, newEmail) => `Hola, ${name}:\n\nEl correo con el que inicias sesión en tu cuenta de socio ha cambiado de esta dirección a ${newEmail}. Los enlaces para restablecer la contraseña se envían ahora allí.\n\nSi has hecho tú el cambio, no tienes que hacer nada. Si no, puede que otra persona esté usando tu cuenta: ponte en contacto con tu centro cuanto antes.\n`,
  },
  fr: {
    subject: 'L’adresse e-mail de connexion a été modifiée',
    body: (name, newEmail) => `Bonjour ${name},\n\nL’adresse e-mail avec laquelle vous vous connectez à votre compte membre a été changée de cette adresse à ${newEmail}. Les liens de réinitialisation du mot de passe y sont désormais envoyés.\n\nSi vous avez fait ce changement, vous n’avez rien à faire. Sinon, quelqu’un d’autre utilise peut-être votre compte : contactez votre studio sans attendre.\n`,
  },
  et: {
    subject: 'Sinu sisselogimise e-post muudeti',
    body: (name, newEmail) => `Tere, ${name}!\n\nE-post, millega sa oma liikmekontole sisse logid, muudeti sellelt aadressilt aadressile ${newEmail}. Parooli lähtestamise lingid saadetakse nüüd sinna.\n\nKui tegid muudatuse ise, pole vaja midagi teha. Kui mitte, võib keegi teine sinu kontot kasutada: võta kohe ühendust oma spordiklubiga.\n`,
  },
  'mi-NZ': {
    subject: 'Kua huria te īmēra e takiuru ai koe',
    body: (name, newEmail) => `Kia ora ${name},\n\nKua hurihia te īmēra e takiuru ai koe ki tō pūkete mema, mai i tēnei wāhitau ki ${newEmail}. Ka tukuna ināianei ngā hononga tautuhi kupuhipa ki reira.\n\nMēnā nāu tēnei huringa, kāore he mahi māu. Ki te kore, tērā pea kei te whakamahi tētahi atu i tō pūkete: whakapā atu ki tō whare whakapakari tinana i tēnei wā tonu.\n`,
  },
};

/** To the OLD address when a member changes the email they sign in with. */
export function emailChangedMail(locale: string, name: string, newEmail: string): { subject: string; text: string } {
  const texts = EMAIL_CHANGED[resolveLocale(locale)];
  return { subject: texts.subject, text: texts.body(name, newEmail) };
}
