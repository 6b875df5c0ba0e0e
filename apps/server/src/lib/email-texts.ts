/**
 * The texts of the emails the product sends on its own (sign-in link, invitation, upload link), in each issuer
 * language — the one source of these texts (a language without one would not compile). Each is plain text with
 * `{{field}}` merge fields; renderBrandedEmail adds the branding (name, colours, logo, sender, footer).
 */
import type { TIssuerLanguage } from '@sextant/shared/values';

interface EmailText {
  subject: string;
  body: string;
}

/** Fields: name, brand, link. */
export const SIGN_IN_LINK_EMAIL: Record<TIssuerLanguage, EmailText> = {
  en: {
    subject: 'Your {{brand}} sign-in link',
    body: 'Hello {{name}},\n\nUse this link to sign in to {{brand}}. It works once and expires in 10 minutes:\n\n{{link}}\n\nIf you did not ask for it, ignore this email.',
  },
  de: {
    subject: 'Ihr Anmeldelink für {{brand}}',
    body: 'Hallo {{name}},\n\nmit diesem Link melden Sie sich bei {{brand}} an. Er funktioniert einmal und läuft in 10 Minuten ab:\n\n{{link}}\n\nWenn Sie ihn nicht angefordert haben, ignorieren Sie diese E-Mail.',
  },
  fr: {
    subject: 'Votre lien de connexion à {{brand}}',
    body: 'Bonjour {{name}},\n\nUtilisez ce lien pour vous connecter à {{brand}}. Il fonctionne une seule fois et expire dans 10 minutes :\n\n{{link}}\n\nSi vous ne l’avez pas demandé, ignorez cet e-mail.',
  },
  es: {
    subject: 'Su enlace de acceso a {{brand}}',
    body: 'Hola {{name}}:\n\nUse este enlace para acceder a {{brand}}. Funciona una sola vez y caduca en 10 minutos:\n\n{{link}}\n\nSi no lo ha solicitado, ignore este correo.',
  },
  it: {
    subject: 'Il suo link di accesso a {{brand}}',
    body: 'Buongiorno {{name}},\n\nusi questo link per accedere a {{brand}}. Funziona una sola volta e scade tra 10 minuti:\n\n{{link}}\n\nSe non l’ha richiesto, ignori questa e-mail.',
  },
  nl: {
    subject: 'Uw aanmeldlink voor {{brand}}',
    body: 'Hallo {{name}},\n\nGebruik deze link om u aan te melden bij {{brand}}. Hij werkt één keer en verloopt over 10 minuten:\n\n{{link}}\n\nHeeft u hier niet om gevraagd, negeer deze e-mail dan.',
  },
  pl: {
    subject: 'Link do logowania w {{brand}}',
    body: 'Dzień dobry {{name}},\n\nużyj tego linku, aby zalogować się do {{brand}}. Działa jeden raz i wygasa po 10 minutach:\n\n{{link}}\n\nJeśli nie prosiłeś o niego, zignoruj tę wiadomość.',
  },
  pt: {
    subject: 'A sua ligação de acesso a {{brand}}',
    body: 'Olá {{name}},\n\nUtilize esta ligação para iniciar sessão em {{brand}}. Funciona uma vez e expira em 10 minutos:\n\n{{link}}\n\nSe não a pediu, ignore este e-mail.',
  },
  sv: {
    subject: 'Din inloggningslänk till {{brand}}',
    body: 'Hej {{name}},\n\nAnvänd den här länken för att logga in på {{brand}}. Den fungerar en gång och går ut om 10 minuter:\n\n{{link}}\n\nOm du inte har begärt den kan du ignorera det här mejlet.',
  },
};

/** Fields: name, inviter, brand, link. */
export const INVITATION_EMAIL: Record<TIssuerLanguage, EmailText> = {
  en: {
    subject: 'You are invited to {{brand}}',
    body: 'Hello {{name}},\n\n{{inviter}} invited you to {{brand}}. Use this link to sign in. It works once and expires in 10 minutes:\n\n{{link}}\n\nIf the link has expired, request a new sign-in link on the login page.',
  },
  de: {
    subject: 'Ihre Einladung zu {{brand}}',
    body: 'Hallo {{name}},\n\n{{inviter}} hat Sie zu {{brand}} eingeladen. Mit diesem Link melden Sie sich an. Er funktioniert einmal und läuft in 10 Minuten ab:\n\n{{link}}\n\nIst der Link abgelaufen, fordern Sie auf der Anmeldeseite einen neuen Anmeldelink an.',
  },
  fr: {
    subject: 'Vous êtes invité à {{brand}}',
    body: 'Bonjour {{name}},\n\n{{inviter}} vous a invité à {{brand}}. Utilisez ce lien pour vous connecter. Il fonctionne une seule fois et expire dans 10 minutes :\n\n{{link}}\n\nSi le lien a expiré, demandez un nouveau lien de connexion sur la page de connexion.',
  },
  es: {
    subject: 'Le han invitado a {{brand}}',
    body: 'Hola {{name}}:\n\n{{inviter}} le ha invitado a {{brand}}. Use este enlace para acceder. Funciona una sola vez y caduca en 10 minutos:\n\n{{link}}\n\nSi el enlace ha caducado, solicite un nuevo enlace de acceso en la página de inicio de sesión.',
  },
  it: {
    subject: 'È stato invitato a {{brand}}',
    body: 'Buongiorno {{name}},\n\n{{inviter}} l’ha invitata a {{brand}}. Usi questo link per accedere. Funziona una sola volta e scade tra 10 minuti:\n\n{{link}}\n\nSe il link è scaduto, richieda un nuovo link di accesso nella pagina di accesso.',
  },
  nl: {
    subject: 'U bent uitgenodigd voor {{brand}}',
    body: 'Hallo {{name}},\n\n{{inviter}} heeft u uitgenodigd voor {{brand}}. Gebruik deze link om u aan te melden. Hij werkt één keer en verloopt over 10 minuten:\n\n{{link}}\n\nIs de link verlopen, vraag dan op de aanmeldpagina een nieuwe aanmeldlink aan.',
  },
  pl: {
    subject: 'Zaproszenie do {{brand}}',
    body: 'Dzień dobry {{name}},\n\n{{inviter}} zaprasza Cię do {{brand}}. Użyj tego linku, aby się zalogować. Działa jeden raz i wygasa po 10 minutach:\n\n{{link}}\n\nJeśli link wygasł, poproś o nowy link do logowania na stronie logowania.',
  },
  pt: {
    subject: 'Foi convidado para {{brand}}',
    body: 'Olá {{name}},\n\n{{inviter}} convidou-o para {{brand}}. Utilize esta ligação para iniciar sessão. Funciona uma vez e expira em 10 minutos:\n\n{{link}}\n\nSe a ligação tiver expirado, peça uma nova ligação de acesso na página de início de sessão.',
  },
  sv: {
    subject: 'Du är inbjuden till {{brand}}',
    body: 'Hej {{name}},\n\n{{inviter}} har bjudit in dig till {{brand}}. Använd den här länken för att logga in. Den fungerar en gång och går ut om 10 minuter:\n\n{{link}}\n\nOm länken har gått ut kan du begära en ny inloggningslänk på inloggningssidan.',
  },
};

/** Fields: inviter, job, brand, link, until (a date and time in the reader's locale). */
export const UPLOAD_LINK_EMAIL: Record<TIssuerLanguage, EmailText> = {
  en: {
    subject: 'Upload your files for {{job}}',
    body: 'Hello,\n\n{{inviter}} asks you to upload your files for “{{job}}” to {{brand}}. Use this link until {{until}}:\n\n{{link}}\n\nThe link opens only this upload page.',
  },
  de: {
    subject: 'Laden Sie Ihre Dateien für {{job}} hoch',
    body: 'Guten Tag,\n\n{{inviter}} bittet Sie, Ihre Dateien für „{{job}}“ bei {{brand}} hochzuladen. Verwenden Sie diesen Link bis {{until}}:\n\n{{link}}\n\nDer Link öffnet nur diese Upload-Seite.',
  },
  fr: {
    subject: 'Déposez vos fichiers pour {{job}}',
    body: 'Bonjour,\n\n{{inviter}} vous demande de déposer vos fichiers pour « {{job}} » sur {{brand}}. Utilisez ce lien jusqu’au {{until}} :\n\n{{link}}\n\nLe lien n’ouvre que cette page de dépôt.',
  },
  es: {
    subject: 'Suba sus archivos para {{job}}',
    body: 'Hola:\n\n{{inviter}} le pide que suba sus archivos para «{{job}}» a {{brand}}. Use este enlace hasta el {{until}}:\n\n{{link}}\n\nEl enlace solo abre esta página de carga.',
  },
  it: {
    subject: 'Carichi i suoi file per {{job}}',
    body: 'Buongiorno,\n\n{{inviter}} le chiede di caricare i suoi file per «{{job}}» su {{brand}}. Usi questo link fino al {{until}}:\n\n{{link}}\n\nIl link apre solo questa pagina di caricamento.',
  },
  nl: {
    subject: 'Upload uw bestanden voor {{job}}',
    body: 'Hallo,\n\n{{inviter}} vraagt u uw bestanden voor ‘{{job}}’ te uploaden naar {{brand}}. Gebruik deze link tot {{until}}:\n\n{{link}}\n\nDe link opent alleen deze uploadpagina.',
  },
  pl: {
    subject: 'Prześlij pliki dla {{job}}',
    body: 'Dzień dobry,\n\n{{inviter}} prosi o przesłanie plików dla „{{job}}” do {{brand}}. Użyj tego linku do {{until}}:\n\n{{link}}\n\nLink otwiera tylko tę stronę przesyłania.',
  },
  pt: {
    subject: 'Carregue os seus ficheiros para {{job}}',
    body: 'Olá,\n\n{{inviter}} pede-lhe que carregue os seus ficheiros para «{{job}}» em {{brand}}. Utilize esta ligação até {{until}}:\n\n{{link}}\n\nA ligação abre apenas esta página de carregamento.',
  },
  sv: {
    subject: 'Ladda upp dina filer för {{job}}',
    body: 'Hej,\n\n{{inviter}} ber dig ladda upp dina filer för ”{{job}}” till {{brand}}. Använd den här länken till och med {{until}}:\n\n{{link}}\n\nLänken öppnar bara den här uppladdningssidan.',
  },
};

/** The text of a language, English for a language without one. */
export function emailTextIn(texts: Record<TIssuerLanguage, EmailText>, language: string): EmailText {
  const lang = (language || 'en').slice(0, 2).toLowerCase();
  return Object.prototype.hasOwnProperty.call(texts, lang) ? texts[lang as TIssuerLanguage] : texts.en;
}
