/** Campaign workflows (SPEC §3 campaign routes and counters, §4 stage status; DESIGN §7): zod-free values. */
import type { CAMPAIGN_STAGE_STATUSES } from './enums.ts';
import type { TIssuerLanguage } from './issuers.ts';
import { formatMoneyCompact, formatMoneyRangeCompact } from './money.ts';

export type TCampaignStageStatus = (typeof CAMPAIGN_STAGE_STATUSES)[number];

/** A supplier's enrolment status in a workflow: Pending → Active → Succeeded | Failed. */
export const ENROLMENT_STATUSES = ['Pending', 'Active', 'Succeeded', 'Failed'] as const;
export type TEnrolmentStatus = (typeof ENROLMENT_STATUSES)[number];

/** Allowed enrolment transitions (the same status is a no-op; a closed outcome is never reopened). */
export const ENROLMENT_TRANSITIONS: Record<TEnrolmentStatus, readonly TEnrolmentStatus[]> = {
  Pending: ['Active', 'Succeeded', 'Failed'],
  Active: ['Succeeded', 'Failed'],
  Succeeded: [],
  Failed: [],
};
export const canMoveEnrolment = (from: TEnrolmentStatus, to: TEnrolmentStatus): boolean =>
  ENROLMENT_TRANSITIONS[from].includes(to);

/** Allowed stage transitions of a campaign (wave). */
export const CAMPAIGN_STAGE_TRANSITIONS: Record<TCampaignStageStatus, readonly TCampaignStageStatus[]> = {
  Pending: ['Active', 'Completed'],
  Active: ['Completed'],
  Completed: [],
};

export const ENROLMENT_EVENT_KINDS = [
  'created',
  'assigned',
  'status',
  'note',
  'email',
  'bounce',
  'missing',
  'contact',
  /** The supplier's contact confirmed or declined through the enrolment link of an outreach email. */
  'link',
] as const;
export type TEnrolmentEventKind = (typeof ENROLMENT_EVENT_KINDS)[number];

export const WORKFLOW_SOURCES = ['useCase', 'filter'] as const;
export type TWorkflowSource = (typeof WORKFLOW_SOURCES)[number];

/** Counter names of a workflow, a campaign, a route and "All Routes" (SPEC §3 Campaign counters). */
export const CAMPAIGN_COUNTER_KEYS = ['total', 'pending', 'active', 'succeeded', 'failed'] as const;
export type TCampaignCounterKey = (typeof CAMPAIGN_COUNTER_KEYS)[number];

export const CAMPAIGN_EMAIL_STATUSES = ['queued', 'sent', 'outbox', 'failed', 'bounced'] as const;
export type TCampaignEmailStatus = (typeof CAMPAIGN_EMAIL_STATUSES)[number];

/** Columns of an outcome file: a supplier id or key, the status, and optionally the date and a note. */
export const OUTCOME_COLUMNS = {
  supplier: ['supplierKey', 'supplierId'],
  status: 'status',
  date: 'date',
  note: 'note',
} as const;
export const OUTCOME_MAX_BYTES = 10 * 1024 * 1024;
export const OUTCOME_MAX_ROWS = 100_000;

/** The merge fields an outreach template may use. */
export const CAMPAIGN_MERGE_FIELDS = [
  'supplierName',
  'supplierKey',
  'buyerName',
  'issuerName',
  'spendBand',
  'campaignName',
  'enrolmentLink',
  /** The supplier's own case on its best route (supplier-routes.ts): net benefit a year, days paid sooner. */
  'supplierNetBenefit',
  'daysSooner',
] as const;

export const ENROL_DECISIONS = ['confirm', 'decline'] as const;

/**
 * Why a link is refused, in the `params.reason` of the error (with `language`, the issuer's, when the link's
 * signature holds; `date` for expired and used; `decision` for used): the page shows its own translated text.
 */
export const ENROL_REFUSALS = [
  'invalid',
  'mismatch',
  'gone',
  'expired',
  'used',
  'enrolled',
  'closed',
  'changed',
  'unsent',
] as const;
export type TEnrolRefusal = (typeof ENROL_REFUSALS)[number];
/** The header the enrolment page sends its link's token in (never the URL: proxies and access logs keep URLs). */
export const ENROL_TOKEN_HEADER = 'x-enrolment-token';

/**
 * The outreach template a new wave starts with, in the issuer's language (the email goes out in it; one text per
 * issuer language, so a new language cannot be forgotten; an unknown language uses English). The page, emails and
 * footer of the same issuer share that language.
 */
const DEFAULT_OUTREACH: Record<TIssuerLanguage, { subject: string; body: string }> = {
  en: {
    subject: '{{buyerName}} now pays suppliers by card — {{supplierName}}',
    body: 'Dear {{supplierName}} team,\n\n{{buyerName}} is moving supplier payments to card with {{issuerName}}. Your annual business with {{buyerName}} is {{spendBand}}; being paid by card means faster settlement and no chasing of invoices.\n\nEnrol in a few minutes here: {{enrolmentLink}}\n\nKind regards,\nThe {{issuerName}} enablement team',
  },
  de: {
    subject: '{{buyerName}} bezahlt Lieferanten jetzt per Karte — {{supplierName}}',
    body: 'Sehr geehrtes Team von {{supplierName}},\n\n{{buyerName}} stellt die Zahlungen an Lieferanten mit {{issuerName}} auf Kartenzahlung um. Ihr Jahresumsatz mit {{buyerName}} liegt bei {{spendBand}}; mit Kartenzahlung erhalten Sie Ihr Geld schneller und müssen Rechnungen nicht mehr nachverfolgen.\n\nMelden Sie sich hier in wenigen Minuten an: {{enrolmentLink}}\n\nMit freundlichen Grüßen\nIhr Team von {{issuerName}}',
  },
  fr: {
    subject: '{{buyerName}} paie désormais ses fournisseurs par carte — {{supplierName}}',
    body: "Bonjour à l'équipe {{supplierName}},\n\n{{buyerName}} passe au paiement de ses fournisseurs par carte avec {{issuerName}}. Votre chiffre d'affaires annuel avec {{buyerName}} est de {{spendBand}} ; être payé par carte, c'est un règlement plus rapide et plus de relances de factures.\n\nInscrivez-vous en quelques minutes ici : {{enrolmentLink}}\n\nCordialement,\nL'équipe {{issuerName}}",
  },
  es: {
    subject: '{{buyerName}} ya paga a sus proveedores con tarjeta — {{supplierName}}',
    body: 'Estimado equipo de {{supplierName}}:\n\n{{buyerName}} está pasando a pagar a sus proveedores con tarjeta a través de {{issuerName}}. Su volumen de negocio anual con {{buyerName}} es de {{spendBand}}; cobrar con tarjeta significa recibir los pagos antes y dejar de reclamar facturas.\n\nInscríbase aquí en pocos minutos: {{enrolmentLink}}\n\nAtentamente,\nEl equipo de {{issuerName}}',
  },
  it: {
    subject: '{{buyerName}} ora paga i fornitori con carta — {{supplierName}}',
    body: "Gentile team di {{supplierName}},\n\n{{buyerName}} sta passando al pagamento dei fornitori con carta tramite {{issuerName}}. Il vostro volume d'affari annuo con {{buyerName}} ammonta a {{spendBand}}; essere pagati con carta significa incassi più rapidi e nessun sollecito di fatture.\n\nAderite qui in pochi minuti: {{enrolmentLink}}\n\nCordiali saluti,\nIl team di {{issuerName}}",
  },
  nl: {
    subject: '{{buyerName}} betaalt leveranciers nu per kaart — {{supplierName}}',
    body: 'Beste team van {{supplierName}},\n\n{{buyerName}} stapt samen met {{issuerName}} over op betaling van leveranciers per kaart. Uw jaaromzet met {{buyerName}} bedraagt {{spendBand}}; met betaling per kaart ontvangt u uw geld sneller en hoeft u facturen niet meer na te jagen.\n\nMeld u hier in enkele minuten aan: {{enrolmentLink}}\n\nMet vriendelijke groet,\nHet team van {{issuerName}}',
  },
  pl: {
    subject: '{{buyerName}} płaci teraz dostawcom kartą — {{supplierName}}',
    body: 'Szanowni Państwo,\n\nfirma {{buyerName}} wraz z {{issuerName}} przechodzi na płatności kartą dla swoich dostawców. Roczna wartość obrotów firmy {{supplierName}} z firmą {{buyerName}} wynosi {{spendBand}}; płatność kartą oznacza szybsze rozliczenia i koniec z upominaniem się o zapłatę faktur.\n\nRejestracja zajmie tylko kilka minut: {{enrolmentLink}}\n\nZ poważaniem\nZespół {{issuerName}}',
  },
  pt: {
    subject: '{{buyerName}} passa a pagar aos fornecedores com cartão — {{supplierName}}',
    body: 'Estimada equipa de {{supplierName}},\n\n{{buyerName}} vai passar a pagar aos seus fornecedores com cartão através de {{issuerName}}. O volume de negócios anual da vossa empresa com {{buyerName}} é de {{spendBand}}; receber por cartão significa pagamentos mais rápidos e deixar de ter de cobrar faturas.\n\nAdira aqui em poucos minutos: {{enrolmentLink}}\n\nCom os melhores cumprimentos,\nA equipa de {{issuerName}}',
  },
  sv: {
    subject: '{{buyerName}} betalar nu leverantörer med kort — {{supplierName}}',
    body: 'Hej {{supplierName}}-teamet,\n\n{{buyerName}} inför kortbetalning till sina leverantörer tillsammans med {{issuerName}}. Er årliga försäljning till {{buyerName}} ligger på {{spendBand}}; med kortbetalning får ni betalt snabbare och slipper jaga obetalda fakturor.\n\nAnmäl er här på några minuter: {{enrolmentLink}}\n\nMed vänliga hälsningar\nTeamet på {{issuerName}}',
  },
};
const outreachLanguage = (language: string): TIssuerLanguage =>
  Object.prototype.hasOwnProperty.call(DEFAULT_OUTREACH, language) ? (language as TIssuerLanguage) : 'en';
/** The default outreach template in a language (unknown languages: English). */
export const defaultOutreach = (language: string) => DEFAULT_OUTREACH[outreachLanguage(language)];

const BAND_WORDS: Record<TIssuerLanguage, { under: string; over: string }> = {
  en: { under: 'under', over: 'over' },
  de: { under: 'unter', over: 'über' },
  fr: { under: 'moins de', over: 'plus de' },
  es: { under: 'menos de', over: 'más de' },
  it: { under: 'meno di', over: 'oltre' },
  nl: { under: 'minder dan', over: 'meer dan' },
  pl: { under: 'mniej niż', over: 'ponad' },
  pt: { under: 'menos de', over: 'mais de' },
  sv: { under: 'under', over: 'över' },
};

/**
 * Spend band of a supplier for outreach in the job's currency and the issuer's language, its amounts as money in that
 * language's compact form (issue #33): "under €10k", "€10–100k", "€100k – €1m", "over €1m"; German "unter 10.000 €",
 * "10.000–100.000 €", "über 1 Mio. €".
 */
export function spendBand(spend: number, currency: string, language = 'en'): string {
  const lang = outreachLanguage(language);
  const locale = lang === 'en' ? 'en-GB' : lang;
  const w = BAND_WORDS[lang];
  if (spend < 10_000) return `${w.under} ${formatMoneyCompact(10_000, currency, locale)}`;
  if (spend < 100_000) return formatMoneyRangeCompact(10_000, 100_000, currency, locale);
  if (spend < 1_000_000) return formatMoneyRangeCompact(100_000, 1_000_000, currency, locale);
  return `${w.over} ${formatMoneyCompact(1_000_000, currency, locale)}`;
}
