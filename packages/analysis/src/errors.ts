/**
 * Errors of the analysis engine. Input problems carry the file, and where known the row number
 * (spreadsheet numbering: the header is row 1), the column and a human-readable reason.
 */
export type InputErrorCode =
  | 'EMPTY_FILE'
  | 'NO_HEADER'
  | 'NO_SUPPLIER_NAME_COLUMN'
  | 'MISSING_REQUIRED_COLUMN'
  | 'UNKNOWN_MAPPED_COLUMN'
  | 'UNSUPPORTED_FORMAT'
  | 'XLSX_TOO_LARGE'
  | 'XLSX_INVALID'
  | 'XLSX_TIMEOUT'
  | 'UNKNOWN_SHEET'
  | 'TOO_MANY_COLUMNS'
  | 'TOO_MANY_ROWS'
  | 'LINE_TOO_LONG'
  | 'UNREADABLE_FILE'
  | 'NO_DATA_ROWS'
  | 'TOO_MANY_REJECTED_ROWS'
  | 'INVALID_NETWORK'
  | 'INVALID_RULESET'
  | 'INVALID_ARGUMENT';

export class AnalysisInputError extends Error {
  readonly code: InputErrorCode;
  readonly file: string | undefined;
  readonly row: number | undefined;
  readonly column: string | undefined;
  readonly reason: string;

  constructor(code: InputErrorCode, reason: string, where: { file?: string; row?: number; column?: string } = {}) {
    const parts = [
      where.file,
      where.row !== undefined ? `row ${where.row}` : undefined,
      where.column ? `column "${where.column}"` : undefined,
    ].filter(Boolean);
    super(parts.length ? `${parts.join(', ')}: ${reason}` : reason);
    this.name = 'AnalysisInputError';
    this.code = code;
    this.file = where.file;
    this.row = where.row;
    this.column = where.column;
    this.reason = reason;
  }
}
