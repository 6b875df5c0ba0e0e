/**
 * Datapoints: the engine's column vocabulary. Each input kind (supplier summary and the five
 * data kinds of SPEC §3) accepts a set of datapoints; headers are auto-mapped to datapoints
 * from synonyms (see detect.ts) and the mapping can be overridden.
 */
import { INPUT_KINDS, type TDataKind, type TInputKind } from '@sextant/shared';

/** The input kinds are declared once, in packages/shared (jobs.ts); re-exported for the engine's modules. */
export { INPUT_KINDS };
export type InputKind = TInputKind;

/** Input kind → SPEC §3 data kind (the supplier summary has none). */
export const INPUT_KIND_DATA_KIND: Record<InputKind, TDataKind | null> = {
  suppliers: null,
  spend: 'Spend',
  pos: 'POs',
  invoices: 'Invoices',
  payments: 'Payments',
  transactions: 'Transactions',
};

export type DatapointType = 'text' | 'amount' | 'count' | 'date' | 'country' | 'currency' | 'days' | 'mcc' | 'paymentMethod';

export interface Datapoint {
  id: DatapointId;
  label: string;
  type: DatapointType;
  synonyms: readonly string[];
}

export const DATAPOINTS = {
  supplierId: { label: 'Supplier id', type: 'text', synonyms: ['supplier id', 'supplier number', 'supplier no', 'supplier code', 'supplier ref', 'supplier reference', 'supplier account', 'vendor id', 'vendor number', 'vendor no', 'vendor code', 'vendor account', 'vendor account number', 'vendor ref', 'payee id', 'payee number', 'creditor id', 'creditor number', 'creditor account', 'kreditor', 'kreditorennummer', 'lifnr', 'merchant id', 'supplier key', 'vendor key', 'id'] },
  supplierName: { label: 'Supplier name', type: 'text', synonyms: ['supplier name', 'supplier', 'vendor name', 'vendor', 'payee', 'payee name', 'beneficiary', 'beneficiary name', 'merchant', 'merchant name', 'company', 'company name', 'creditor', 'creditor name', 'supplier legal name', 'legal name', 'trading name', 'name', 'vendor legal name', 'lieferant', 'fournisseur', 'proveedor', 'fornitore', 'leverancier'] },
  addressLine1: { label: 'Address line 1', type: 'text', synonyms: ['address', 'address line 1', 'address 1', 'address1', 'addr1', 'street', 'street address', 'street 1', 'supplier address', 'vendor address', 'strasse', 'adresse', 'direccion', 'indirizzo'] },
  addressLine2: { label: 'Address line 2', type: 'text', synonyms: ['address line 2', 'address 2', 'address2', 'addr2', 'street 2'] },
  city: { label: 'City', type: 'text', synonyms: ['city', 'town', 'city town', 'locality', 'supplier city', 'vendor city', 'ort', 'stadt', 'ville', 'ciudad', 'citta'] },
  region: { label: 'Region / state', type: 'text', synonyms: ['state', 'region', 'province', 'county', 'state province', 'state code', 'supplier state', 'vendor state', 'bundesland'] },
  postcode: { label: 'Postcode', type: 'text', synonyms: ['postcode', 'post code', 'postal code', 'zip', 'zip code', 'zipcode', 'postal', 'plz', 'postleitzahl', 'code postal', 'cap', 'codigo postal', 'supplier zip', 'vendor zip'] },
  country: { label: 'Country', type: 'country', synonyms: ['country', 'country code', 'country iso', 'iso country', 'country name', 'nation', 'supplier country', 'vendor country', 'land', 'pays', 'pais', 'paese'] },
  taxId: { label: 'Tax id', type: 'text', synonyms: ['tax id', 'tax number', 'tax no', 'taxid', 'tin', 'ein', 'federal tax id', 'fein', 'vat', 'vat number', 'vat no', 'vat id', 'vat registration number', 'ust id', 'ustid', 'siren', 'siret', 'abn', 'company registration number', 'registration number'] },
  amount: { label: 'Amount', type: 'amount', synonyms: ['amount', 'spend', 'total spend', 'annual spend', 'spend amount', 'value', 'total', 'total amount', 'net amount', 'gross amount', 'invoice amount', 'payment amount', 'po amount', 'order amount', 'transaction amount', 'amount paid', 'paid amount', 'sum', 'betrag', 'montant', 'importe', 'importo', 'spend usd', 'amount usd', 'spend eur', 'amount eur', 'spend gbp', 'amount gbp', 'amount local', 'invoice total'] },
  currency: { label: 'Currency', type: 'currency', synonyms: ['currency', 'currency code', 'ccy', 'cur', 'curr', 'waehrung', 'devise', 'moneda'] },
  date: { label: 'Date', type: 'date', synonyms: ['date', 'transaction date', 'payment date', 'paid date', 'invoice date', 'po date', 'order date', 'posting date', 'document date', 'value date', 'settlement date', 'created date', 'datum', 'fecha'] },
  dueDate: { label: 'Due date', type: 'date', synonyms: ['due date', 'payment due date', 'net due date', 'due'] },
  paymentTerms: { label: 'Payment terms (days)', type: 'days', synonyms: ['payment terms', 'terms', 'payment terms days', 'terms days', 'net terms', 'credit terms', 'payment term', 'zahlungsbedingungen', 'zahlungsziel', 'dpo'] },
  paymentMethod: { label: 'Payment method', type: 'paymentMethod', synonyms: ['payment method', 'payment type', 'pay method', 'payment mode', 'payment instrument', 'method of payment', 'method', 'pay type', 'zahlungsart', 'mode de paiement'] },
  documentNumber: { label: 'Document number', type: 'text', synonyms: ['invoice number', 'invoice no', 'invoice id', 'invoice', 'po number', 'po no', 'po', 'purchase order', 'purchase order number', 'payment id', 'payment number', 'payment reference', 'transaction id', 'transaction reference', 'document number', 'document no', 'doc no', 'reference', 'check number', 'cheque number'] },
  transactionCount: { label: 'Transaction count', type: 'count', synonyms: ['transaction count', 'number of transactions', 'no of transactions', 'transactions', 'txn count', 'count', 'payment count', 'number of payments', 'invoice count', 'number of invoices', 'frequency', 'annual transactions'] },
  mcc: { label: 'MCC', type: 'mcc', synonyms: ['mcc', 'mcc code', 'merchant category code', 'merchant category'] },
  category: { label: 'Spend category', type: 'text', synonyms: ['category', 'spend category', 'commodity', 'commodity code', 'gl description', 'gl account description', 'account description', 'expense type', 'description', 'item description', 'cost category'] },
} as const satisfies Record<string, Omit<Datapoint, 'id'>>;

export type DatapointId = keyof typeof DATAPOINTS;
export const DATAPOINT_IDS = Object.keys(DATAPOINTS) as DatapointId[];

const IDENTITY: DatapointId[] = ['supplierId', 'supplierName', 'addressLine1', 'addressLine2', 'city', 'region', 'postcode', 'country', 'taxId'];

/** Datapoints each input kind accepts. */
export const KIND_DATAPOINTS: Record<InputKind, DatapointId[]> = {
  suppliers: [...IDENTITY, 'amount', 'currency', 'transactionCount', 'paymentTerms', 'paymentMethod', 'mcc', 'category'],
  spend: [...IDENTITY, 'documentNumber', 'amount', 'currency', 'date', 'paymentMethod', 'paymentTerms', 'mcc', 'category'],
  pos: [...IDENTITY, 'documentNumber', 'amount', 'currency', 'date', 'paymentTerms', 'category'],
  invoices: [...IDENTITY, 'documentNumber', 'amount', 'currency', 'date', 'dueDate', 'paymentTerms', 'paymentMethod', 'category'],
  payments: [...IDENTITY, 'documentNumber', 'amount', 'currency', 'date', 'paymentMethod', 'category'],
  transactions: [...IDENTITY, 'documentNumber', 'amount', 'currency', 'date', 'mcc', 'paymentMethod', 'category'],
};

/** Datapoints that must be mapped for an input kind (supplierName always). */
export const KIND_REQUIRED: Record<InputKind, DatapointId[]> = {
  suppliers: ['supplierName'],
  spend: ['supplierName', 'amount'],
  pos: ['supplierName', 'amount'],
  invoices: ['supplierName', 'amount'],
  payments: ['supplierName', 'amount'],
  transactions: ['supplierName', 'amount'],
};

/** Payment-method normalisation: canonical method → synonyms (lower-case, accents stripped). */
export const PAYMENT_METHODS: Record<string, string[]> = {
  ACH: ['ach', 'eft', 'bacs', 'sepa', 'direct credit', 'bank transfer', 'electronic funds transfer', 'giro', 'ueberweisung', 'uberweisung', 'virement', 'transferencia', 'bonifico', 'faster payments', 'fps', 'credit transfer'],
  Wire: ['wire', 'wire transfer', 'swift', 'telegraphic transfer', 'tt', 'chaps', 'fedwire', 'rtgs', 'international wire'],
  Check: ['check', 'cheque', 'chq', 'chk', 'paper check', 'scheck', 'cheque bancaire'],
  Card: ['card', 'credit card', 'pcard', 'p card', 'purchasing card', 'corporate card', 'tande card', 't and e card', 'travel card', 'debit card', 'amex', 'visa', 'mastercard'],
  VirtualCard: ['virtual card', 'vcard', 'v card', 'vcn', 'single use account', 'sua', 'ghost card'],
  DirectDebit: ['direct debit', 'dd', 'lastschrift', 'prelevement', 'domiciliacion'],
  Cash: ['cash', 'petty cash'],
};
