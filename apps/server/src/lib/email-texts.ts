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

/** The text of a language, English for a language without one. */
export function emailTextIn(texts: Record<TIssuerLanguage, EmailText>, language: string): EmailText {
  const lang = (language || 'en').slice(0, 2).toLowerCase();
  return Object.prototype.hasOwnProperty.call(texts, lang) ? texts[lang as TIssuerLanguage] : texts.en;
}
