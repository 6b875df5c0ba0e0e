/** Chat assistant values (SPEC §3 Chat, §5, §9): limits, document kinds and states, the failure text. */
export const CHAT_QUESTION_MAX = 1000;
export const CHAT_HEALTH_INTERVAL_MS = 180_000;
export const CHAT_WINDOW = { maxWidth: 500, maxHeight: 600 } as const;
export const CHAT_LOG_DEFAULT_LIMIT = 100;
export const CHAT_LOG_RETENTION_DAYS_DEFAULT = 365;
export const CHAT_SEND_FAILED_TEXT = 'Something went wrong. Please try again later.';
/** Session-storage key of the conversation id, per user. */
export const chatConversationStorageKey = (userId: string) => `sextant.chat.conversation.${userId}`;

export const CHAT_DOCUMENT_KINDS = ['pdf', 'docx', 'txt', 'md', 'csv'] as const;
export type TChatDocumentKind = (typeof CHAT_DOCUMENT_KINDS)[number];
export const CHAT_DOCUMENT_EXTENSIONS: Record<string, TChatDocumentKind> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.txt': 'txt',
  '.md': 'md',
  '.markdown': 'md',
  '.csv': 'csv',
};

export const CHAT_DOCUMENT_STATUSES = ['Pending', 'Indexing', 'Indexed', 'Error'] as const;
export type TChatDocumentStatus = (typeof CHAT_DOCUMENT_STATUSES)[number];

/** How an answer was made: a language model over the passages, or extractively without one. */
export const CHAT_ANSWER_MODES = ['llm', 'extractive', 'none'] as const;
export type TChatAnswerMode = (typeof CHAT_ANSWER_MODES)[number];

/** Said with every extractive answer. */
export const CHAT_NO_MODEL_NOTE =
  'No language model is configured, so this answer quotes the most relevant passages of the documents as they are.';
export const CHAT_NOTHING_FOUND =
  'I could not find anything about this in the documents available to the assistant. Try other words, or ask an administrator to upload a document that covers it.';
