/**
 * The chat window (SPEC §3 Chat, §5, §8): at most 500×600 px; a question of 1–1000 characters (whitespace only
 * cannot be sent), Enter sends and Shift+Enter starts a new line, input and send are disabled while a reply is
 * pending; the answer streams in; a failed send replaces the pending answer with the failure text. The conversation
 * id is kept per user in session storage and Reset clears it. Sources are listed under each answer and open the
 * document at its page, or the job page that holds the figure. On a job page the job's figures are searched too.
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CircularProgress from '@mui/material/CircularProgress';
import CloseRounded from '@mui/icons-material/CloseRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import RestartAltRounded from '@mui/icons-material/RestartAltRounded';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import {
  CHAT_QUESTION_MAX,
  CHAT_WINDOW,
  chatConversationStorageKey,
  type TChatSource,
  type TCurrentUser,
} from '@sextant/shared/values';
import { askChat, chatConversationQuery } from '../../api/chat.ts';
import { useQueryClient } from '@tanstack/react-query';

interface Exchange {
  key: string;
  question: string;
  answer: string;
  sources: TChatSource[];
  state: 'pending' | 'done' | 'failed';
}

const JOB_PATH = /^\/jobs\/([0-9a-f-]{36})(?:\/|$)/i;

function readStored(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function writeStored(key: string, value: string | null) {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable: the conversation lasts as long as the window */
  }
}

function ChatWindow({ user, onClose }: { user: TCurrentUser; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const storageKey = chatConversationStorageKey(user.id);
  const [conversationId, setConversationId] = useState<string | null>(() => readStored(storageKey));
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const jobId = JOB_PATH.exec(location.pathname)?.[1] ?? null;

  // A stored conversation is shown again when the window opens (an unknown one is forgotten).
  useEffect(() => {
    const id = readStored(storageKey);
    if (!id) return;
    let alive = true;
    qc.fetchQuery(chatConversationQuery(id))
      .then((c) => {
        if (!alive) return;
        setExchanges(
          c.messages.map((m) => ({
            key: m.id,
            question: m.question,
            answer: m.answer,
            sources: m.sources,
            state: 'done' as const,
          })),
        );
      })
      .catch(() => {
        if (!alive) return;
        writeStored(storageKey, null);
        setConversationId(null);
      });
    return () => {
      alive = false;
    };
  }, [qc, storageKey]);

  useEffect(() => {
    listRef.current?.scrollTo({ top: listRef.current.scrollHeight });
  }, [exchanges]);

  const trimmed = text.trim();
  const canSend = !pending && trimmed.length > 0 && text.length <= CHAT_QUESTION_MAX;

  const update = (key: string, patch: Partial<Exchange> | ((e: Exchange) => Partial<Exchange>)) =>
    setExchanges((xs) =>
      xs.map((x) => (x.key === key ? { ...x, ...(typeof patch === 'function' ? patch(x) : patch) } : x)),
    );

  async function send() {
    if (!canSend) return;
    const question = text;
    const key = `${Date.now()}-${Math.random()}`;
    setExchanges((xs) => [...xs, { key, question: question.trim(), answer: '', sources: [], state: 'pending' }]);
    setText('');
    setPending(true);
    try {
      const res = await askChat({ question, conversation_id: conversationId, job_id: jobId }, (delta) =>
        update(key, (x) => ({ answer: x.answer + delta })),
      );
      update(key, { answer: res.answer, sources: res.sources, state: 'done' });
      setConversationId(res.conversation_id);
      writeStored(storageKey, res.conversation_id);
    } catch {
      update(key, { answer: t('sendFailed'), sources: [], state: 'failed' });
    } finally {
      setPending(false);
      setTimeout(() => inputRef.current?.focus(), 0);
    }
  }

  function reset() {
    writeStored(storageKey, null);
    setConversationId(null);
    setExchanges([]);
    setText('');
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  function openSource(s: TChatSource) {
    if (!s.url) return;
    if (s.url.startsWith('/chat/')) window.open(s.url, '_blank', 'noopener');
    else navigate(s.url);
  }

  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label={t('title')}
      data-testid="chat-window"
      sx={{
        position: 'fixed',
        right: 24,
        bottom: 96,
        width: CHAT_WINDOW.maxWidth,
        maxWidth: 'calc(100vw - 32px)',
        height: CHAT_WINDOW.maxHeight,
        maxHeight: 'calc(100dvh - 140px)',
        zIndex: (th) => th.zIndex.speedDial,
        display: 'flex',
        flexDirection: 'column',
        border: 1,
        borderColor: 'divider',
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {t('title')}
          </Typography>
          {jobId && (
            <Typography variant="caption" color="text.secondary" data-testid="chat-job-context">
              {t('jobContext')}
            </Typography>
          )}
        </Box>
        <Tooltip title={t('reset')}>
          <span>
            <IconButton
              aria-label={t('reset')}
              onClick={reset}
              disabled={pending}
              data-testid="chat-reset"
              size="small"
            >
              <RestartAltRounded fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <IconButton aria-label={t('close')} onClick={onClose} size="small">
          <CloseRounded fontSize="small" />
        </IconButton>
      </Box>

      <Box ref={listRef} sx={{ flex: 1, overflowY: 'auto', px: 2, py: 1.5 }} data-testid="chat-messages">
        {exchanges.length === 0 && (
          <Box sx={{ color: 'text.secondary', py: 4, textAlign: 'center' }}>
            <Typography variant="body2">{t('empty')}</Typography>
            <Typography variant="caption">{t('emptyHint')}</Typography>
          </Box>
        )}
        <Stack spacing={1.5}>
          {exchanges.map((x) => (
            <Box key={x.key} data-testid="chat-exchange">
              <Box
                data-testid="chat-question"
                sx={{
                  ml: 'auto',
                  maxWidth: '85%',
                  width: 'fit-content',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  px: 1.5,
                  py: 0.75,
                  borderRadius: 2,
                  borderBottomRightRadius: 4,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontSize: 14,
                }}
              >
                {x.question}
              </Box>
              <Box
                data-testid="chat-answer"
                data-state={x.state}
                sx={{
                  mt: 0.75,
                  maxWidth: '92%',
                  bgcolor: x.state === 'failed' ? 'error.main' : 'action.hover',
                  color: x.state === 'failed' ? 'error.contrastText' : 'text.primary',
                  px: 1.5,
                  py: 1,
                  borderRadius: 2,
                  borderBottomLeftRadius: 4,
                  whiteSpace: 'pre-wrap',
                  wordBreak: 'break-word',
                  fontSize: 14,
                }}
              >
                {x.state === 'pending' && !x.answer ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
                    <CircularProgress size={14} /> {t('thinking')}
                  </Box>
                ) : (
                  x.answer
                )}
                {x.sources.length > 0 && (
                  <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="chat-sources">
                    {x.sources.map((s, i) => (
                      <Tooltip key={i} title={s.content.length > 300 ? `${s.content.slice(0, 300)}…` : s.content}>
                        <Chip
                          size="small"
                          variant="outlined"
                          icon={s.url?.startsWith('/chat/') ? <DescriptionOutlined /> : <InsightsOutlined />}
                          label={`[${i + 1}] ${s.source}${s.page ? ` · ${t('page', { page: s.page })}` : ''}`}
                          onClick={s.url ? () => openSource(s) : undefined}
                          data-testid="chat-source"
                          sx={{ maxWidth: '100%', bgcolor: 'background.paper' }}
                        />
                      </Tooltip>
                    ))}
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Stack>
      </Box>

      <Box sx={{ borderTop: 1, borderColor: 'divider', p: 1.5, display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          inputRef={inputRef}
          value={text}
          onChange={(e) => setText(e.target.value.slice(0, CHAT_QUESTION_MAX))}
          onKeyDown={onKeyDown}
          placeholder={t('placeholder')}
          multiline
          maxRows={4}
          fullWidth
          size="small"
          disabled={pending}
          autoFocus
          helperText={`${text.length}/${CHAT_QUESTION_MAX}`}
          slotProps={{
            htmlInput: { maxLength: CHAT_QUESTION_MAX, 'aria-label': t('inputLabel'), 'data-testid': 'chat-input' },
            formHelperText: { sx: { textAlign: 'right', mr: 0 } },
          }}
        />
        <Tooltip title={t('send')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('send')}
              onClick={() => void send()}
              disabled={!canSend}
              data-testid="chat-send"
              sx={{ mb: 2.75 }}
            >
              <SendRounded />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Paper>
  );
}

export default ChatWindow;
