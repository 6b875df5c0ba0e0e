/**
 * AI prompt uses and their default texts. An admin may store versions of each use's prompt (analysis admin → AI
 * prompts); the active version is used, else the default here. Variables are written {{name}}.
 */
export const AI_PROMPT_USES = ['chatAnswer', 'addressParser'] as const;
export type TAiPromptUse = (typeof AI_PROMPT_USES)[number];

export interface AiPromptUseInfo {
  label: string;
  description: string;
  /** Variables the caller fills in ({{name}} in the text). */
  variables: readonly string[];
  defaultText: string;
}

export const AI_PROMPT_USE_INFO: Record<TAiPromptUse, AiPromptUseInfo> = {
  chatAnswer: {
    label: 'Chat answer',
    description: 'System prompt of the chat assistant: answers a question from the retrieved passages only.',
    variables: ['question', 'passages', 'language'],
    defaultText: [
      'You are the Sextant assistant, helping users of a B2B payments and spend analytics application.',
      'Answer the question using ONLY the numbered passages below. Quote figures exactly as they appear.',
      'After each statement, cite its passage number in square brackets, e.g. [1].',
      'If the passages do not contain the answer, say plainly that you could not find it in the documents; never guess.',
      'Answer in {{language}}, concisely.',
      '',
      'Passages:',
      '{{passages}}',
      '',
      'Question: {{question}}',
    ].join('\n'),
  },
  addressParser: {
    label: 'Address parser',
    description: 'Splits a free-text postal address into its fields; the model must answer with JSON only.',
    variables: ['address', 'country'],
    defaultText: [
      'Split the following postal address into its parts. Answer with a single JSON object and nothing else, with',
      'the keys "name", "street", "houseNumber", "postcode", "city", "region", "country" (ISO 3166-1 alpha-2).',
      'Use null for a part that is not present; never invent a part. Country hint (may be empty): {{country}}.',
      '',
      'Address:',
      '{{address}}',
    ].join('\n'),
  },
};

/** Names of the variables used in a prompt text ({{name}}), in order of first appearance. */
export function promptVariables(text: string): string[] {
  const seen = new Set<string>();
  for (const m of text.matchAll(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g)) seen.add(m[1]!);
  return [...seen];
}

/** Fills {{name}} placeholders; an unknown variable is left as written so a mistake stays visible. */
export function renderPromptText(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(vars, name) ? vars[name]! : whole,
  );
}
